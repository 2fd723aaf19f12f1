CREATE TABLE `member_badge_stats` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`total` integer NOT NULL,
	`gyms` integer NOT NULL,
	`states` integer NOT NULL,
	`letters` integer NOT NULL,
	`state_list` text NOT NULL,
	`letter_mask` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
