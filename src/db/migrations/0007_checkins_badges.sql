CREATE TABLE `badge_awards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`badge_code` text NOT NULL,
	`metric_value` integer NOT NULL,
	`awarded_at` integer NOT NULL,
	`celebrated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `badge_awards_user_code` ON `badge_awards` (`user_id`,`badge_code`);--> statement-breakpoint
CREATE TABLE `checkins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`school_id` integer NOT NULL,
	`checked_in_at` integer NOT NULL,
	`local_date` text NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`distance_meters` real,
	`session_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `open_mat_sessions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkins_user_school_day` ON `checkins` (`user_id`,`school_id`,`local_date`);--> statement-breakpoint
CREATE INDEX `checkins_user_time` ON `checkins` (`user_id`,`checked_in_at`);--> statement-breakpoint
CREATE INDEX `checkins_school` ON `checkins` (`school_id`);--> statement-breakpoint
ALTER TABLE `open_mat_sessions` ADD `last_confirmed_at` integer;