CREATE TABLE `admin_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` integer,
	`before` text,
	`after` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_at` ON `admin_audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `open_mat_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submitter_id` integer NOT NULL,
	`gym` text NOT NULL,
	`address` text NOT NULL,
	`day_and_time` text NOT NULL,
	`link` text,
	`community_notes` text,
	`email_for_confirmation` text,
	`days` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`location` text NOT NULL,
	`sessions` text NOT NULL,
	`unparsed` text NOT NULL,
	`review` text DEFAULT '[]' NOT NULL,
	`needs_review` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`reason` text,
	`school_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`submitter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `open_mat_submissions_status` ON `open_mat_submissions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `open_mat_submissions_submitter` ON `open_mat_submissions` (`submitter_id`,`created_at`);