CREATE TABLE `school_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`domain_match` integer NOT NULL,
	`status` text NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `school_claims_school` ON `school_claims` (`school_id`);--> statement-breakpoint
CREATE INDEX `school_claims_status` ON `school_claims` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `school_claims_pending` ON `school_claims` (`school_id`,`user_id`) WHERE "school_claims"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `school_daily_stats` (
	`school_id` integer NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`school_id`, `day`, `kind`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `school_edits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` integer NOT NULL,
	`user_id` integer,
	`source` text NOT NULL,
	`changes` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `school_edits_school` ON `school_edits` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `school_owners` (
	`school_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`claim_id` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`school_id`, `user_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `school_owners_user` ON `school_owners` (`user_id`);--> statement-breakpoint
ALTER TABLE `open_mat_sessions` ADD `visitor_rules` text;--> statement-breakpoint
ALTER TABLE `schools` ADD `visitor_rules` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `schools` ADD `schedule_source` text DEFAULT 'import' NOT NULL;--> statement-breakpoint
ALTER TABLE `schools` ADD `schedule_source_at` integer;