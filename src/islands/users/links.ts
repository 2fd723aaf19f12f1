/** Where a member's profile lives. */
export const profileHref = (userId: number) => `/users/${userId}`;

/**
 * Starts a conversation with a member. Messages arrive in a later issue; until then this is
 * a plain link the messages list can pick up (`?to=`), kept in one place so it changes once.
 */
export const messageHref = (userId: number) => `/messages?to=${userId}`;
