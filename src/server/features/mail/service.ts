/**
 * What other features may use of the mail feature (the outbox itself is handed to them as
 * `sendMail` by app.ts): an account's deletion takes its mail with it, and the metrics
 * read the queue's depth and oldest age.
 */
export { forgetMailStatement, mailQueueStats } from "./queries";
