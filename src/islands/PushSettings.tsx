/** /account's "Notifications on this device" (issue 22); the component is in ./account. */
export { default } from "./account/PushSettings";
