ALTER TABLE `open_mat_sessions` ADD `ordinals` text;--> statement-breakpoint
ALTER TABLE `open_mat_sessions` ADD `on_date` text;--> statement-breakpoint
ALTER TABLE `open_mat_sessions` ADD `season_from` text;--> statement-breakpoint
ALTER TABLE `open_mat_sessions` ADD `season_until` text;--> statement-breakpoint
ALTER TABLE `open_mat_sessions` ADD `review` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `schools` ADD `schedule_untimed` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `schools` ADD `schedule_confirmed_text` text;