DROP INDEX `posts_user`;--> statement-breakpoint
CREATE INDEX `posts_user_feed` ON `posts` (`user_id`,`id`,`visibility`);