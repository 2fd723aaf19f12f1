ALTER TABLE `schedule_exceptions` ADD `move_to_date` text;--> statement-breakpoint
ALTER TABLE `schedule_exceptions` ADD `move_to_start` integer;--> statement-breakpoint
ALTER TABLE `schedule_exceptions` ADD `move_to_end` integer;