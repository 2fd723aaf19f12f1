/**
 * Issue 23's honest privacy states: the words a member reads about their own badges match
 * what others see, and a hidden list is never shown as an empty one. One place for the feed's
 * 'keep private' hint, the profile's Badges section and the account page's blocked members.
 */
export const badgePrivacyTexts = {
  /** What another member sees where the owner keeps their badges private. */
  hidden: "Badges are private.",
  /** The owner's own words, on the feed and on their profile, for each state. */
  ownerShared: "Others can see your badges on your profile.",
  ownerPrivate: "Only you can see your badges. Others see that they are private.",
} as const;

export const blockedMembersTexts = {
  title: "Blocked Members",
  intro: "Members you blocked cannot see your profile or message you, and you cannot see theirs.",
  loading: "Loading blocked members…",
  loadFailed: "Blocked members could not be loaded.",
  retry: "Try again",
  none: "You have not blocked anyone.",
  unblock: "Unblock",
  unblocking: "Unblocking...",
  confirmTitle: (username: string) => `Unblock @${username}?`,
  confirmText:
    "You will be able to see each other's profiles and send messages again. Follows are not restored.",
  unblocked: (username: string) => `You unblocked @${username}.`,
  failed: "Failed to unblock. Please try again.",
} as const;

/** After DELETE /api/account/delete the browser goes to / and this toast says why. */
export const accountDeletedToastTitle = "Account deleted";
