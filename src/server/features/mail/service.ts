/**
 * What other features may use of the mail feature (the outbox itself is handed to them as
 * `sendMail` by app.ts): an account's deletion takes its mail with it.
 */
export { forgetMailStatement } from "./queries";
