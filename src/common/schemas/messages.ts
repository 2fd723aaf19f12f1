import * as v from "valibot";
import { pageQuerySchema } from "./paging";

/** Spec §9: a message's maximum length, and how often an open conversation polls without the live stream. */
export const MESSAGE_MAX = 2000;
export const MESSAGE_POLL_MS = 5000;
/** A page of messages, newest first by id; older pages with `beforeId`. */
export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_PAGE_MAX = 100;
/** The conversation list is bounded: the most recently active this many. */
export const CONVERSATIONS_MAX = 200;

/** Spec §5 "Message", "Conversation id", §8 "Messages" and §2 texts, word for word where the spec has them. */
export const messageTexts = {
  emptyMessage: "Empty message: Please write something before sending.",
  messageTooLong: `Message is too long (max ${MESSAGE_MAX} characters)`,
  messageNotText: "Message must be text",
  messageSelf: "You cannot message yourself",
  invalidConversation: "Invalid Conversation",
  conversationNotFound: "Conversation Not Found",
  createFailedNoId: "Failed to create conversation. Please try again.",
  startFailed: "Failed to start conversation",
  sendFailed: "Failed to send message",
  loadFailed: "Failed to load conversations",
  noConversations: "No conversations yet",
  searchPlaceholder: "Search conversations...",
  newMessage: "New Message",
  goToLogin: "Go to Login",
  limitInvalid: `limit must be a whole number from 1 to ${MESSAGE_PAGE_MAX}`,
  beforeIdInvalid: "beforeId must be a positive whole number",
} as const;

const ID = /^[1-9]\d{0,11}$/;

/** `/api/conversations/{id}` and `/messages/{conversationId}`: anything but a positive whole number is 'Invalid Conversation'. */
export const conversationIdParams = v.object({
  id: v.pipe(v.string(), v.regex(ID, messageTexts.invalidConversation), v.transform(Number)),
});

export const parseConversationId = (raw: string): number | null => (ID.test(raw) ? Number(raw) : null);

/** `GET /api/conversations/{id}/messages?limit=&beforeId=`. */
export const messagePageQuery = pageQuerySchema({
  defaultLimit: MESSAGE_PAGE_SIZE,
  maxLimit: MESSAGE_PAGE_MAX,
  messages: messageTexts,
});
export type MessagePageQuery = v.InferOutput<typeof messagePageQuery>;

/** The text as sent, trimmed (spec §5); the island checks the same before sending. */
export const messageBody = v.pipe(
  v.string(messageTexts.messageNotText),
  v.trim(),
  v.minLength(1, messageTexts.emptyMessage),
  v.maxLength(MESSAGE_MAX, messageTexts.messageTooLong),
);

/** `POST /api/conversations/{id}/messages {body}`; a missing body (or none at all) is an empty message. */
export const sendMessageSchema = v.object({ body: messageBody }, messageTexts.emptyMessage);
export type SendMessageInput = v.InferOutput<typeof sendMessageSchema>;

export interface ConversationUser {
  id: number;
  username: string;
  profilePhoto: string | null;
}

export interface MessageView {
  id: number;
  senderId: number;
  body: string;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * Spec §3 Conversation: both members (`userA` has the lower id), the last message and the
 * viewer's unread count; `otherUser` is whichever of the two the viewer is not.
 */
export interface ConversationView {
  id: number;
  userA: ConversationUser;
  userB: ConversationUser;
  otherUser: ConversationUser;
  lastMessage: { body: string; createdAt: string } | null;
  unreadCount: number;
  /** The newest message's id the other member has read (for 'Seen'), 0 when none. */
  otherLastReadId: number;
}

/** `GET /api/messages/unread-count` (spec §3 Unread counts). */
export interface UnreadMessages {
  unreadCount: number;
}

/** What `message.sent` events carry (payload `{ message }`), for the live islands. */
export interface MessageSentPayload {
  message: MessageView;
}
