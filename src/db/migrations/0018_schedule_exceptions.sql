CREATE TABLE `schedule_exceptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` integer NOT NULL,
	`date` text NOT NULL,
	`start_minute` integer,
	`reason` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schedule_exceptions_slot` ON `schedule_exceptions` (`school_id`,`date`,(CASE WHEN "start_minute" IS NULL THEN -1 ELSE "start_minute" END));--> statement-breakpoint
CREATE INDEX `schedule_exceptions_date` ON `schedule_exceptions` (`date`);