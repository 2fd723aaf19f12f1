-- Custom migration (drizzle-kit generate --custom): a badge award writes its `badge.earned`
-- event (actor: the earner, subject: the award, payload {"code": …}, at the award's time) in
-- the same statement, whoever inserts it. A check-in that earns nothing pays nothing for it:
-- before, every check-in's batch ran a statement to look for new awards to tell.
-- db/table-versions.ts knows that a write of badge_awards writes domain_events too.
CREATE TRIGGER `badge_awards_earned_event` AFTER INSERT ON `badge_awards` BEGIN
  INSERT INTO `domain_events` (`type`, `actor_id`, `subject_id`, `payload`, `created_at`)
  VALUES ('badge.earned', NEW.`user_id`, NEW.`id`, json_object('code', NEW.`badge_code`), NEW.`awarded_at`);
END;
