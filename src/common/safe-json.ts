/**
 * JSON that is safe inside an HTML <script> element: `<` is escaped so a string such as
 * "</script>" cannot end the element, and U+2028/2029 cannot break older parsers.
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
