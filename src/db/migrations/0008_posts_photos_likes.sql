CREATE TABLE `post_likes` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_likes_user` ON `post_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `post_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`post_id` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_photos_post` ON `post_photos` (`post_id`,`position`);--> statement-breakpoint
CREATE INDEX `post_photos_created` ON `post_photos` (`created_at`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text DEFAULT 'post' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`visibility` text DEFAULT 'Public' NOT NULL,
	`checkin_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`checkin_id`) REFERENCES `checkins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `posts_user` ON `posts` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `posts_checkin` ON `posts` (`checkin_id`);