-- Custom migration, written by scripts/table-version-triggers.ts: a version per content
-- table, bumped by triggers on every row written, so every writer (each copy, the CLI, an
-- import) moves it. Copies key what they keep per member on them (src/db/table-versions.ts).
INSERT OR IGNORE INTO `app_meta` (`key`, `value`, `updated_at`) VALUES ('v:feedback', '0', 0), ('v:school_daily_stats', '0', 0);
--> statement-breakpoint
CREATE TRIGGER `v_feedback_insert` AFTER INSERT ON `feedback` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:feedback';
END;
--> statement-breakpoint
CREATE TRIGGER `v_feedback_update` AFTER UPDATE ON `feedback` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:feedback';
END;
--> statement-breakpoint
CREATE TRIGGER `v_feedback_delete` AFTER DELETE ON `feedback` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:feedback';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_daily_stats_insert` AFTER INSERT ON `school_daily_stats` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_daily_stats';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_daily_stats_update` AFTER UPDATE ON `school_daily_stats` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_daily_stats';
END;
--> statement-breakpoint
CREATE TRIGGER `v_school_daily_stats_delete` AFTER DELETE ON `school_daily_stats` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:school_daily_stats';
END;
