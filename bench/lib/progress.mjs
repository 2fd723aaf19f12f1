/** Progress goes to stderr, so stdout is only the table and can be pasted or redirected. */
export function progress(message) {
  console.error(`bench: ${message}`);
}
