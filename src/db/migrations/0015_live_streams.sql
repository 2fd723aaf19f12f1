CREATE TABLE `live_streams` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`leased_until` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_streams_user` ON `live_streams` (`user_id`,`leased_until`);