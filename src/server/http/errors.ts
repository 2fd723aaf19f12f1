/** An error whose status and message are safe to show the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const messages = {
  notFound: "Not found",
  invalidJson: "Request body is not valid JSON",
  invalidRequest: "Invalid request",
  jsonOnly: "Content-Type must be application/json",
  tooLarge: "Request body is too large (limit 1 MiB)",
  crossOrigin: "Cross-origin requests are not allowed",
  unexpected: "Something went wrong. Please try again.",
} as const;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}
