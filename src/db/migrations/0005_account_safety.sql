CREATE TABLE `email_verification_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_verification_tokens_user` ON `email_verification_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `email_verification_tokens_expires` ON `email_verification_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`leased_until` integer NOT NULL,
	`last_run_at` integer
);
--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
CREATE INDEX `password_reset_tokens_expires` ON `password_reset_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `rate_counters_window` ON `rate_counters` (`window_start`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);