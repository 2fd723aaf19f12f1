/**
 * What a `message.sent` event stores: the message's id, nothing of its content (live
 * delivery and the mail job load the message itself). Events written before issue 19 hold
 * the whole message; only its id is read from them.
 */
export function sentMessageId(payload: Record<string, unknown>): number | null {
  const legacy = (payload.message as { id?: unknown } | undefined)?.id;
  const id = typeof payload.messageId === "number" ? payload.messageId : legacy;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
}
