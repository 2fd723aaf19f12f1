-- Custom migration, written by scripts/table-version-triggers.ts: a version per content
-- table, bumped by triggers on every row written, so every writer (each copy, the CLI, an
-- import) moves it. Copies key what they keep per member on them (src/db/table-versions.ts).
INSERT OR IGNORE INTO `app_meta` (`key`, `value`, `updated_at`) VALUES ('v:domain_events', '0', 0);
--> statement-breakpoint
CREATE TRIGGER `v_domain_events_insert` AFTER INSERT ON `domain_events` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:domain_events';
END;
--> statement-breakpoint
CREATE TRIGGER `v_domain_events_update` AFTER UPDATE ON `domain_events` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:domain_events';
END;
--> statement-breakpoint
CREATE TRIGGER `v_domain_events_delete` AFTER DELETE ON `domain_events` BEGIN
  UPDATE `app_meta` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'v:domain_events';
END;
