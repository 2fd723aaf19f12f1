-- A school's rating and review count are its members' ratings from now on (issue 22): an
-- imported value is dropped, and a school no member rated shows none.
UPDATE `schools` SET
  `rating` = (SELECT round(avg(r.`stars`), 1) FROM `school_ratings` r WHERE r.`school_id` = `schools`.`id`),
  `review_count` = (SELECT count(*) FROM `school_ratings` r WHERE r.`school_id` = `schools`.`id`);
