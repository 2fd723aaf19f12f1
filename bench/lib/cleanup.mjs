/**
 * Runs cleanup however the bench ends: normal exit, a thrown error or Ctrl-C. Handlers run
 * inside process "exit", in the order registered, so they must be synchronous.
 */
const handlers = [];

export function atExit(handler) {
  handlers.push(handler);
}

process.on("exit", () => {
  for (const handler of handlers) handler();
});

// Without these, a signal kills node before "exit" fires and the servers would outlive it.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
]) {
  process.on(signal, () => process.exit(code));
}
