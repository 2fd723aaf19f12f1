-- Custom migration (drizzle-kit generate --custom): a limit counted inside the write it limits
-- (http/rate-limit.ts chargeStatement). Inserting (key, window_start, cap) into this view adds
-- one to that counter, and aborts the whole transaction when the count is then over the cap,
-- so a check-in and its count commit together or not at all: one commit, not two, and exact
-- under requests sent at once on every copy. The view holds no rows; it is only a door.
CREATE VIEW `rate_limit_charges` AS SELECT `key`, `window_start`, `count` AS `cap` FROM `rate_counters` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `rate_limit_charge` INSTEAD OF INSERT ON `rate_limit_charges` BEGIN
  INSERT INTO `rate_counters` (`key`, `window_start`, `count`) VALUES (NEW.`key`, NEW.`window_start`, 1)
    ON CONFLICT (`key`, `window_start`) DO UPDATE SET `count` = `count` + 1;
  SELECT RAISE(ABORT, 'openmat: over the rate limit')
    WHERE (SELECT `count` FROM `rate_counters` WHERE `key` = NEW.`key` AND `window_start` = NEW.`window_start`) > NEW.`cap`;
END;
