import type { ConversationUser, ConversationView } from "../../../common/schemas/messages";
import type { ConversationListRow } from "./queries";

/** A conversation list row as the member `me` is shown it. */
export function toView(r: ConversationListRow, me: number): ConversationView {
  const userA: ConversationUser = { id: r.userAId, username: r.aUsername, profilePhoto: r.aPhoto };
  const userB: ConversationUser = { id: r.userBId, username: r.bUsername, profilePhoto: r.bPhoto };
  const mineIsA = r.userAId === me;
  return {
    id: r.id,
    userA,
    userB,
    otherUser: mineIsA ? userB : userA,
    lastMessage:
      r.lastBody !== null && r.lastAt !== null
        ? { body: r.lastBody, createdAt: new Date(r.lastAt).toISOString() }
        : null,
    unreadCount: r.unread,
    otherLastReadId: mineIsA ? r.bLastReadId : r.aLastReadId,
  };
}
