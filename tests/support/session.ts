import { TEST_ORIGIN, type TestApp } from "./test-app";

/** The `name=value` pair of the session cookie a response set, or null. */
export function sessionCookieFrom(res: Response): string | null {
  for (const header of res.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    if (/^(__Host-)?om_session=/.test(pair) && !pair.endsWith("=")) return pair;
  }
  return null;
}

let counter = 0;

export function newMember(prefix = "member") {
  counter++;
  return {
    username: `${prefix}${counter}_${Math.random().toString(36).slice(2, 7)}`,
    email: `${prefix}${counter}.${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: "correct horse battery",
  };
}

let peers = 0;

/**
 * A client address of its own (10.77.x.y), as the server would see it from the socket:
 * registrations are limited per address, and each test member is someone else.
 */
export function nextPeerIp(): string {
  peers++;
  return `10.77.${Math.floor(peers / 250) % 250}.${(peers % 250) + 1}`;
}

/** A JSON request with same-origin headers from the given client address. */
export function jsonFrom(
  t: TestApp,
  peerIp: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.handle(
    new Request(`${TEST_ORIGIN}${path}`, {
      method,
      headers: {
        "sec-fetch-site": "same-origin",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    peerIp,
  );
}

/** Registers a member (from an address of their own) and returns their details with the session cookie. */
export async function registerMember(t: TestApp, prefix?: string) {
  const member = newMember(prefix);
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", member);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: number } };
  const cookie = sessionCookieFrom(res);
  if (!cookie) throw new Error("register set no session cookie");
  return { ...member, id: body.user.id, cookie };
}

/** Asks for a reset link for `email` from an address of its own. */
export async function forgotFor(t: TestApp, email: string) {
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/forgot-password", { email });
  if (res.status !== 200) throw new Error(`forgot-password failed: ${res.status} ${await res.text()}`);
}

const countOf = async (t: TestApp, sql: string, args: (string | number)[]) =>
  Number((await t.app.context.database.client.execute({ sql, args })).rows[0]?.[0]);

export const resetTokenCount = (t: TestApp, userId: number) =>
  countOf(t, "select count(*) from password_reset_tokens where user_id = ?", [userId]);

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
}

/** Mail queued in the outbox for `to`, oldest first. */
export async function mailsTo(t: TestApp, to: string): Promise<QueuedMail[]> {
  const rows = await t.app.context.database.client.execute({
    sql: 'select "to", subject, text from mail_outbox where "to" = ? order by id',
    args: [to],
  });
  return rows.rows.map((r) => ({ to: String(r.to), subject: String(r.subject), text: String(r.text) }));
}

/** The token of the newest e-mail link sent to `to`. */
export async function verifyTokenFor(t: TestApp, to: string): Promise<string> {
  const mails = await mailsTo(t, to);
  for (const mail of mails.reverse()) {
    const token = mail.text.match(/\/verify-email\?token=([a-z0-9]+)/)?.[1];
    if (token) return token;
  }
  throw new Error(`no e-mail link sent to ${to}`);
}

/** Presses the verification page's button: its plain form POST, with the browser's cookie if any. */
export function openVerifyLink(t: TestApp, token: string, cookie?: string) {
  return t.request("/verify-email", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ token }).toString(),
  });
}

/** Opens the newest e-mail link sent to `email`, as its owner would; fails unless it worked. */
export async function confirmEmail(t: TestApp, email: string, cookie?: string) {
  const res = await openVerifyLink(t, await verifyTokenFor(t, email), cookie);
  if (res.status !== 200) throw new Error(`e-mail link failed: ${res.status}`);
}
