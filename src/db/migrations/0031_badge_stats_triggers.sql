-- Custom migration (drizzle-kit generate --custom): the triggers that keep member_badge_stats
-- (migration 0030), so every writer keeps it: each copy, the CLI, the seeds, an import. The
-- counts match badges/queries.ts badgeMetrics, which counts them from the check-ins.
-- A check-in about to become verified (inserted verified, or verified later) by a member
-- without a row first gets the row counted in full from their verified check-ins so far
-- (BEFORE, so it is not among them, and only then: the WHEN is one lookup). AFTER it, the
-- check-in adds itself: one more check-in, and a gym, a state (upper(trim(state))) and a
-- first letter A-Z of the gym's name when they are new to the member. BEFORE triggers run
-- before AFTER ones, so the check-in is counted exactly once either way.
-- What could shrink or change a count drops the rows it touches, and the member's next
-- verified check-in counts afresh: a verified check-in deleted (also when its school or its
-- member goes), one moved or unverified, a school's state or first letter edited.
CREATE TRIGGER `badge_stats_checkin_count` BEFORE INSERT ON `checkins`
  WHEN NEW.`verified` = 1 AND NOT EXISTS (SELECT 1 FROM `member_badge_stats` WHERE `user_id` = NEW.`user_id`) BEGIN
  INSERT INTO `member_badge_stats` (`user_id`, `total`, `gyms`, `states`, `letters`, `state_list`, `letter_mask`)
  SELECT NEW.`user_id`, count(*), count(DISTINCT `gym`), count(DISTINCT `state`), count(DISTINCT nullif(`bit`, 0)),
    coalesce(replace(group_concat(DISTINCT char(31) || `state`), ',' || char(31), char(31)), '') || char(31),
    coalesce(sum(DISTINCT `bit`), 0)
  FROM (SELECT c.`school_id` AS `gym`, upper(trim(s.`state`)) AS `state`, CASE WHEN upper(substr(ltrim(s.`gym`), 1, 1)) BETWEEN 'A' AND 'Z' THEN 1 << (unicode(upper(substr(ltrim(s.`gym`), 1, 1))) - 65) ELSE 0 END AS `bit`
    FROM `checkins` c JOIN `schools` s ON s.`id` = c.`school_id` WHERE c.`user_id` = NEW.`user_id` AND c.`verified` = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `badge_stats_checkin_insert` AFTER INSERT ON `checkins` WHEN NEW.`verified` = 1 BEGIN
  UPDATE `member_badge_stats` SET
    `total` = `member_badge_stats`.`total` + 1,
    `gyms` = `member_badge_stats`.`gyms` + NOT EXISTS (SELECT 1 FROM `checkins` c
      WHERE c.`user_id` = NEW.`user_id` AND c.`school_id` = NEW.`school_id` AND c.`verified` = 1 AND c.`id` <> NEW.`id`),
    `states` = `member_badge_stats`.`states` + (instr(`member_badge_stats`.`state_list`, char(31) || s.`state` || char(31)) = 0),
    `state_list` = CASE WHEN instr(`member_badge_stats`.`state_list`, char(31) || s.`state` || char(31)) = 0
      THEN `member_badge_stats`.`state_list` || s.`state` || char(31) ELSE `member_badge_stats`.`state_list` END,
    `letters` = `member_badge_stats`.`letters` + (s.`bit` <> 0 AND (`member_badge_stats`.`letter_mask` & s.`bit`) = 0),
    `letter_mask` = `member_badge_stats`.`letter_mask` | s.`bit`
  FROM (SELECT upper(trim(`state`)) AS `state`, CASE WHEN upper(substr(ltrim(`gym`), 1, 1)) BETWEEN 'A' AND 'Z' THEN 1 << (unicode(upper(substr(ltrim(`gym`), 1, 1))) - 65) ELSE 0 END AS `bit`
    FROM `schools` WHERE `id` = NEW.`school_id`) AS s
  WHERE `member_badge_stats`.`user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `badge_stats_verify_count` BEFORE UPDATE OF `verified` ON `checkins`
  WHEN OLD.`verified` = 0 AND NEW.`verified` = 1 AND NOT EXISTS (SELECT 1 FROM `member_badge_stats` WHERE `user_id` = NEW.`user_id`) BEGIN
  INSERT INTO `member_badge_stats` (`user_id`, `total`, `gyms`, `states`, `letters`, `state_list`, `letter_mask`)
  SELECT NEW.`user_id`, count(*), count(DISTINCT `gym`), count(DISTINCT `state`), count(DISTINCT nullif(`bit`, 0)),
    coalesce(replace(group_concat(DISTINCT char(31) || `state`), ',' || char(31), char(31)), '') || char(31),
    coalesce(sum(DISTINCT `bit`), 0)
  FROM (SELECT c.`school_id` AS `gym`, upper(trim(s.`state`)) AS `state`, CASE WHEN upper(substr(ltrim(s.`gym`), 1, 1)) BETWEEN 'A' AND 'Z' THEN 1 << (unicode(upper(substr(ltrim(s.`gym`), 1, 1))) - 65) ELSE 0 END AS `bit`
    FROM `checkins` c JOIN `schools` s ON s.`id` = c.`school_id` WHERE c.`user_id` = NEW.`user_id` AND c.`verified` = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `badge_stats_checkin_verify` AFTER UPDATE OF `verified` ON `checkins`
  WHEN OLD.`verified` = 0 AND NEW.`verified` = 1 BEGIN
  UPDATE `member_badge_stats` SET
    `total` = `member_badge_stats`.`total` + 1,
    `gyms` = `member_badge_stats`.`gyms` + NOT EXISTS (SELECT 1 FROM `checkins` c
      WHERE c.`user_id` = NEW.`user_id` AND c.`school_id` = NEW.`school_id` AND c.`verified` = 1 AND c.`id` <> NEW.`id`),
    `states` = `member_badge_stats`.`states` + (instr(`member_badge_stats`.`state_list`, char(31) || s.`state` || char(31)) = 0),
    `state_list` = CASE WHEN instr(`member_badge_stats`.`state_list`, char(31) || s.`state` || char(31)) = 0
      THEN `member_badge_stats`.`state_list` || s.`state` || char(31) ELSE `member_badge_stats`.`state_list` END,
    `letters` = `member_badge_stats`.`letters` + (s.`bit` <> 0 AND (`member_badge_stats`.`letter_mask` & s.`bit`) = 0),
    `letter_mask` = `member_badge_stats`.`letter_mask` | s.`bit`
  FROM (SELECT upper(trim(`state`)) AS `state`, CASE WHEN upper(substr(ltrim(`gym`), 1, 1)) BETWEEN 'A' AND 'Z' THEN 1 << (unicode(upper(substr(ltrim(`gym`), 1, 1))) - 65) ELSE 0 END AS `bit`
    FROM `schools` WHERE `id` = NEW.`school_id`) AS s
  WHERE `member_badge_stats`.`user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `badge_stats_checkin_delete` AFTER DELETE ON `checkins` WHEN OLD.`verified` = 1 BEGIN
  DELETE FROM `member_badge_stats` WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `badge_stats_checkin_change` AFTER UPDATE OF `verified`, `user_id`, `school_id` ON `checkins`
  WHEN OLD.`verified` = 1 AND (NEW.`verified` = 0 OR NEW.`user_id` <> OLD.`user_id` OR NEW.`school_id` <> OLD.`school_id`) BEGIN
  DELETE FROM `member_badge_stats` WHERE `user_id` IN (OLD.`user_id`, NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `badge_stats_school_edit` AFTER UPDATE OF `gym`, `state` ON `schools`
  WHEN upper(trim(OLD.`state`)) IS NOT upper(trim(NEW.`state`))
    OR upper(substr(ltrim(OLD.`gym`), 1, 1)) IS NOT upper(substr(ltrim(NEW.`gym`), 1, 1)) BEGIN
  DELETE FROM `member_badge_stats` WHERE `user_id` IN (SELECT `user_id` FROM `checkins` WHERE `school_id` = NEW.`id` AND `verified` = 1);
END;
