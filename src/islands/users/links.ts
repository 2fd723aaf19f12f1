/** Where a member's profile lives. */
export const profileHref = (userId: number) => `/users/${userId}`;

/**
 * Starts a conversation with a member: the Message links' address. Hydrated, they open the
 * conversation through the API; before that (or without script) the server opens it and
 * redirects.
 */
export const messageHref = (userId: number) => `/messages?to=${userId}`;

/** One conversation's page. */
export const conversationHref = (conversationId: number) => `/messages/${conversationId}`;
