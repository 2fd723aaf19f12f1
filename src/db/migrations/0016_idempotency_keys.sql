CREATE TABLE `idempotency_keys` (
	`member_id` integer NOT NULL,
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`resource_id` integer NOT NULL,
	`status` integer,
	`response` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `scope`, `key`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created` ON `idempotency_keys` (`created_at`);