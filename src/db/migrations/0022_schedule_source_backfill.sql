-- Where each listing's schedule came from (issue 21), for the schools already here: an approved
-- (or merged) member's submission when there is one, at its decision; otherwise the import, at
-- the school's last update.
UPDATE `schools` SET `schedule_source_at` = `updated_at` WHERE `schedule_source_at` IS NULL;--> statement-breakpoint
UPDATE `schools` SET
  `schedule_source` = 'submission',
  `schedule_source_at` = (
    SELECT max(s.`decided_at`) FROM `open_mat_submissions` s
    WHERE s.`school_id` = `schools`.`id` AND s.`status` = 'approved'
  )
WHERE EXISTS (
  SELECT 1 FROM `open_mat_submissions` s
  WHERE s.`school_id` = `schools`.`id` AND s.`status` = 'approved' AND s.`decided_at` IS NOT NULL
);
