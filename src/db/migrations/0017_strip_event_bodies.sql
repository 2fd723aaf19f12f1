-- Custom migration (issue 19): events carry ids, not content. Events stored before that
-- kept a message's body or a bell item's text for their 7 days; keep only the ids.
UPDATE domain_events SET payload = json_object('messageId', json_extract(payload, '$.message.id'))
WHERE type = 'message.sent' AND json_type(payload, '$.message') IS NOT NULL;
--> statement-breakpoint
UPDATE domain_events SET payload = '{}'
WHERE type = 'notification.created' AND payload <> '{}';
