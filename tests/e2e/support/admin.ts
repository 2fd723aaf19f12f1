/** The address the e2e server lists in ADMIN_EMAILS: whoever signs up with it and confirms it is an admin. */
export const E2E_ADMIN_EMAIL = "e2e-admin@example.test";
