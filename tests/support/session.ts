import type { TestApp } from "./test-app";

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

/** Registers a member and returns their details with the session cookie. */
export async function registerMember(t: TestApp, prefix?: string) {
  const member = newMember(prefix);
  const res = await t.json("POST", "/api/auth/register", member);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: number } };
  const cookie = sessionCookieFrom(res);
  if (!cookie) throw new Error("register set no session cookie");
  return { ...member, id: body.user.id, cookie };
}
