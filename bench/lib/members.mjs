import { progress } from "./progress.mjs";

export const MEMBER_PASSWORD = "a long bench password";

/** Registers a member and returns `{ id, cookie }`, so signed-in rows answer 200. */
export async function registerBenchUser(baseUrl, name = "bench_user") {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: MEMBER_PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`bench registration failed: ${res.status} ${await res.text()}`);
  const { user } = await res.json();
  return { id: user.id, cookie: cookieOf(res) };
}

/** Signs a member in through the API and returns their session cookie. */
export async function signIn(baseUrl, identifier, password) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ identifier, password }),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const benchUsers = new Map();

/** One registered member per server, shared by every signed-in row on it. */
export function benchUser(baseUrl) {
  if (!benchUsers.has(baseUrl)) benchUsers.set(baseUrl, registerBenchUser(baseUrl));
  return benchUsers.get(baseUrl);
}

/** A `setup` that sends the bench member's cookie. */
export async function signedIn(baseUrl) {
  return { cookie: (await benchUser(baseUrl)).cookie };
}

/**
 * A member with a conversation open with another: autocannon then posts the same message
 * to it, each request a message stored, counted against the limit and told to the other.
 */
export async function messageSender(baseUrl) {
  const sender = await registerBenchUser(baseUrl, "bench_sender");
  const recipient = await registerBenchUser(baseUrl, "bench_recipient");
  const res = await fetch(`${baseUrl}/api/conversations/with/${recipient.id}`, {
    method: "POST",
    headers: { origin: baseUrl, cookie: sender.cookie },
  });
  if (res.status !== 201) throw new Error(`opening a conversation failed: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  return {
    cookie: sender.cookie,
    origin: baseUrl,
    "content-type": "application/json",
    pathSuffix: `${id}/messages`,
    requests: [
      { method: "POST", body: JSON.stringify({ body: "Open mat tonight at 7? I can bring a friend." }) },
    ],
  };
}

export const SAVED_GYMS = 1_250;
const collectors = new Map();

/**
 * A member who saved SAVED_GYMS schools, through the API as a member would (once per
 * server): the favourites scenarios load with their cookie.
 */
export function collector(baseUrl) {
  if (!collectors.has(baseUrl)) collectors.set(baseUrl, registerCollector(baseUrl));
  return collectors.get(baseUrl);
}

async function registerCollector(baseUrl) {
  const member = await registerBenchUser(baseUrl, "bench_collector");
  progress(`saving ${SAVED_GYMS} gyms for a member`);
  const ids = [];
  for (let offset = 0; ids.length < SAVED_GYMS; offset += 200) {
    const { schools } = await (await fetch(`${baseUrl}/api/schools?limit=200&offset=${offset}`)).json();
    if (!schools.length) throw new Error(`only ${ids.length} schools to save, ${SAVED_GYMS} wanted`);
    ids.push(...schools.map((s) => s.id));
  }
  const headers = { "content-type": "application/json", origin: baseUrl, cookie: member.cookie };
  for (const schoolId of ids.slice(0, SAVED_GYMS)) {
    const res = await fetch(`${baseUrl}/api/favorites`, {
      method: "POST",
      headers,
      body: JSON.stringify({ schoolId }),
    });
    if (res.status !== 200) throw new Error(`saving a gym failed: ${res.status} ${await res.text()}`);
  }
  return member;
}
