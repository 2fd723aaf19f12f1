CREATE TABLE `favorites` (
	`user_id` integer NOT NULL,
	`school_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `school_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorites_school` ON `favorites` (`school_id`);--> statement-breakpoint
CREATE TABLE `open_mat_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` integer NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer,
	`notes` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `open_mat_sessions_school` ON `open_mat_sessions` (`school_id`);--> statement-breakpoint
CREATE INDEX `open_mat_sessions_weekday` ON `open_mat_sessions` (`weekday`);--> statement-breakpoint
CREATE TABLE `schools` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`source_key` text NOT NULL,
	`gym` text NOT NULL,
	`location` text NOT NULL,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zip_code` text,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`time_zone` text NOT NULL,
	`phone` text,
	`website` text,
	`day_and_time` text NOT NULL,
	`schedule_unparsed` text DEFAULT '[]' NOT NULL,
	`no_open_mat` integer DEFAULT false NOT NULL,
	`community_notes` text,
	`rating` real,
	`review_count` integer DEFAULT 0 NOT NULL,
	`monday` integer DEFAULT false NOT NULL,
	`tuesday` integer DEFAULT false NOT NULL,
	`wednesday` integer DEFAULT false NOT NULL,
	`thursday` integer DEFAULT false NOT NULL,
	`friday` integer DEFAULT false NOT NULL,
	`saturday` integer DEFAULT false NOT NULL,
	`sunday` integer DEFAULT false NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_verified_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schools_slug` ON `schools` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `schools_source_key` ON `schools` (`source_key`);--> statement-breakpoint
CREATE INDEX `schools_lat_lng` ON `schools` (`latitude`,`longitude`);--> statement-breakpoint
CREATE INDEX `schools_city_state` ON `schools` (lower("city"),`state`);--> statement-breakpoint
CREATE INDEX `schools_zip` ON `schools` (`zip_code`);--> statement-breakpoint
CREATE INDEX `schools_demo` ON `schools` (`is_demo`);