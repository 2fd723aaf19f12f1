ALTER TABLE `feedback` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `feedback` ADD `decided_by` integer;--> statement-breakpoint
ALTER TABLE `feedback` ADD `decided_at` integer;--> statement-breakpoint
ALTER TABLE `feedback` ADD `note_published` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `schools` ADD `feedback_notes` text DEFAULT '[]' NOT NULL;