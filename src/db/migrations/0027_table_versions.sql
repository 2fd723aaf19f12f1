-- Custom migration, written by scripts/table-version-triggers.ts: a version per content
-- table, bumped by triggers on every row written, so every writer (each copy, the CLI, an
-- import) moves it. Copies key what they keep per member on them (src/db/table-versions.ts).
INSERT OR IGNORE INTO `app_meta` (`key`, `value`, `updated_at`) VALUES ('v:users', '0', 0), ('v:user_settings', '0', 0), ('v:follows', '0', 0), ('v:blocks', '0', 0), ('v:posts', '0', 0), ('v:post_photos', '0', 0), ('v:post_likes', '0', 0), ('v:checkins', '0', 0), ('v:badge_awards', '0', 0), ('v:favorites', '0', 0), ('v:occurrence_going', '0', 0), ('v:school_ratings', '0', 0), ('v:calendar_feeds', '0', 0), ('v:conversations', '0', 0), ('v:messages', '0', 0), ('v:notifications', '0', 0), ('v:reports', '0', 0), ('v:schools', '0', 0), ('v:open_mat_sessions', '0', 0), ('v:schedule_exceptions', '0', 0), ('v:school_owners', '0', 0), ('v:school_claims', '0', 0), ('v:school_edits', '0', 0);
--> statement-breakpoint
CREATE TRIGGER `v_users_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:users';
END;
--> statement-breakpoint
CREATE TRIGGER `v_users_update` AFTER UPDATE ON `users` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:users';
END;
--> statement-breakpoint
CREATE TRIGGER `v_users_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:users';
END;
--> statement-breakpoint
CREATE TRIGGER `v_user_settings_insert` AFTER INSERT ON `user_settings` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:user_settings';
END;
--> statement-breakpoint
CREATE TRIGGER `v_user_settings_update` AFTER UPDATE ON `user_settings` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:user_settings';
END;
--> statement-breakpoint
CREATE TRIGGER `v_user_settings_delete` AFTER DELETE ON `user_settings` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:user_settings';
END;
--> statement-breakpoint
CREATE TRIGGER `v_follows_insert` AFTER INSERT ON `follows` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:follows';
END;
--> statement-breakpoint
CREATE TRIGGER `v_follows_update` AFTER UPDATE ON `follows` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:follows';
END;
--> statement-breakpoint
CREATE TRIGGER `v_follows_delete` AFTER DELETE ON `follows` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:follows';
END;
--> statement-breakpoint
CREATE TRIGGER `v_blocks_insert` AFTER INSERT ON `blocks` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:blocks';
END;
--> statement-breakpoint
CREATE TRIGGER `v_blocks_update` AFTER UPDATE ON `blocks` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:blocks';
END;
--> statement-breakpoint
CREATE TRIGGER `v_blocks_delete` AFTER DELETE ON `blocks` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:blocks';
END;
--> statement-breakpoint
CREATE TRIGGER `v_posts_insert` AFTER INSERT ON `posts` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:posts';
END;
--> statement-breakpoint
CREATE TRIGGER `v_posts_update` AFTER UPDATE ON `posts` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:posts';
END;
--> statement-breakpoint
CREATE TRIGGER `v_posts_delete` AFTER DELETE ON `posts` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:posts';
END;
--> statement-breakpoint
CREATE TRIGGER `v_post_photos_insert` AFTER INSERT ON `post_photos` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:post_photos';
END;
--> statement-breakpoint
CREATE TRIGGER `v_post_photos_update` AFTER UPDATE ON `post_photos` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:post_photos';
END;
--> statement-breakpoint
CREATE TRIGGER `v_post_photos_delete` AFTER DELETE ON `post_photos` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:post_photos';
END;
--> statement-breakpoint
CREATE TRIGGER `v_post_likes_insert` AFTER INSERT ON `post_likes` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:post_likes';
END;
--> statement-breakpoint
CREATE TRIGGER `v_post_likes_update` AFTER UPDATE ON `post_likes` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:post_likes';
END;
--> statement-breakpoint
CREATE TRIGGER `v_post_likes_delete` AFTER DELETE ON `post_likes` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:post_likes';
END;
--> statement-breakpoint
CREATE TRIGGER `v_checkins_insert` AFTER INSERT ON `checkins` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:checkins';
END;
--> statement-breakpoint
CREATE TRIGGER `v_checkins_update` AFTER UPDATE ON `checkins` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:checkins';
END;
--> statement-breakpoint
CREATE TRIGGER `v_checkins_delete` AFTER DELETE ON `checkins` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:checkins';
END;
--> statement-breakpoint
CREATE TRIGGER `v_badge_awards_insert` AFTER INSERT ON `badge_awards` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:badge_awards';
END;
--> statement-breakpoint
CREATE TRIGGER `v_badge_awards_update` AFTER UPDATE ON `badge_awards` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:badge_awards';
END;
--> statement-breakpoint
CREATE TRIGGER `v_badge_awards_delete` AFTER DELETE ON `badge_awards` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:badge_awards';
END;
--> statement-breakpoint
CREATE TRIGGER `v_favorites_insert` AFTER INSERT ON `favorites` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:favorites';
END;
--> statement-breakpoint
CREATE TRIGGER `v_favorites_update` AFTER UPDATE ON `favorites` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:favorites';
END;
--> statement-breakpoint
CREATE TRIGGER `v_favorites_delete` AFTER DELETE ON `favorites` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:favorites';
END;
--> statement-breakpoint
CREATE TRIGGER `v_occurrence_going_insert` AFTER INSERT ON `occurrence_going` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:occurrence_going';
END;
--> statement-breakpoint
CREATE TRIGGER `v_occurrence_going_update` AFTER UPDATE ON `occurrence_going` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:occurrence_going';
END;
--> statement-breakpoint
CREATE TRIGGER `v_occurrence_going_delete` AFTER DELETE ON `occurrence_going` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:occurrence_going';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_ratings_insert` AFTER INSERT ON `school_ratings` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_ratings';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_ratings_update` AFTER UPDATE ON `school_ratings` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_ratings';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_ratings_delete` AFTER DELETE ON `school_ratings` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_ratings';
END;
--> statement-breakpoint
CREATE TRIGGER `v_calendar_feeds_insert` AFTER INSERT ON `calendar_feeds` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:calendar_feeds';
END;
--> statement-breakpoint
CREATE TRIGGER `v_calendar_feeds_update` AFTER UPDATE ON `calendar_feeds` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:calendar_feeds';
END;
--> statement-breakpoint
CREATE TRIGGER `v_calendar_feeds_delete` AFTER DELETE ON `calendar_feeds` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:calendar_feeds';
END;
--> statement-breakpoint
CREATE TRIGGER `v_conversations_insert` AFTER INSERT ON `conversations` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:conversations';
END;
--> statement-breakpoint
CREATE TRIGGER `v_conversations_update` AFTER UPDATE ON `conversations` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:conversations';
END;
--> statement-breakpoint
CREATE TRIGGER `v_conversations_delete` AFTER DELETE ON `conversations` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:conversations';
END;
--> statement-breakpoint
CREATE TRIGGER `v_messages_insert` AFTER INSERT ON `messages` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:messages';
END;
--> statement-breakpoint
CREATE TRIGGER `v_messages_update` AFTER UPDATE ON `messages` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:messages';
END;
--> statement-breakpoint
CREATE TRIGGER `v_messages_delete` AFTER DELETE ON `messages` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:messages';
END;
--> statement-breakpoint
CREATE TRIGGER `v_notifications_insert` AFTER INSERT ON `notifications` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:notifications';
END;
--> statement-breakpoint
CREATE TRIGGER `v_notifications_update` AFTER UPDATE ON `notifications` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:notifications';
END;
--> statement-breakpoint
CREATE TRIGGER `v_notifications_delete` AFTER DELETE ON `notifications` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:notifications';
END;
--> statement-breakpoint
CREATE TRIGGER `v_reports_insert` AFTER INSERT ON `reports` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:reports';
END;
--> statement-breakpoint
CREATE TRIGGER `v_reports_update` AFTER UPDATE ON `reports` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:reports';
END;
--> statement-breakpoint
CREATE TRIGGER `v_reports_delete` AFTER DELETE ON `reports` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:reports';
END;
--> statement-breakpoint
CREATE TRIGGER `v_schools_insert` AFTER INSERT ON `schools` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:schools';
END;
--> statement-breakpoint
CREATE TRIGGER `v_schools_update` AFTER UPDATE ON `schools` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:schools';
END;
--> statement-breakpoint
CREATE TRIGGER `v_schools_delete` AFTER DELETE ON `schools` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:schools';
END;
--> statement-breakpoint
CREATE TRIGGER `v_open_mat_sessions_insert` AFTER INSERT ON `open_mat_sessions` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:open_mat_sessions';
END;
--> statement-breakpoint
CREATE TRIGGER `v_open_mat_sessions_update` AFTER UPDATE ON `open_mat_sessions` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:open_mat_sessions';
END;
--> statement-breakpoint
CREATE TRIGGER `v_open_mat_sessions_delete` AFTER DELETE ON `open_mat_sessions` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:open_mat_sessions';
END;
--> statement-breakpoint
CREATE TRIGGER `v_schedule_exceptions_insert` AFTER INSERT ON `schedule_exceptions` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:schedule_exceptions';
END;
--> statement-breakpoint
CREATE TRIGGER `v_schedule_exceptions_update` AFTER UPDATE ON `schedule_exceptions` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:schedule_exceptions';
END;
--> statement-breakpoint
CREATE TRIGGER `v_schedule_exceptions_delete` AFTER DELETE ON `schedule_exceptions` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:schedule_exceptions';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_owners_insert` AFTER INSERT ON `school_owners` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_owners';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_owners_update` AFTER UPDATE ON `school_owners` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_owners';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_owners_delete` AFTER DELETE ON `school_owners` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_owners';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_claims_insert` AFTER INSERT ON `school_claims` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_claims';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_claims_update` AFTER UPDATE ON `school_claims` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_claims';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_claims_delete` AFTER DELETE ON `school_claims` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_claims';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_edits_insert` AFTER INSERT ON `school_edits` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_edits';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_edits_update` AFTER UPDATE ON `school_edits` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_edits';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_edits_delete` AFTER DELETE ON `school_edits` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_edits';
END;
