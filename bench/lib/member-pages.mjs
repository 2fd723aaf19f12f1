import { registerBenchUser, signIn } from "./members.mjs";
import { progress } from "./progress.mjs";

/**
 * Issue 25's member pages that need data of their own set up through the API before the
 * load: a school page with members going and rating it, a school's manage page, and
 * /messages with conversations in it.
 */

const json = (baseUrl, cookie) => ({ "content-type": "application/json", origin: baseUrl, cookie });

async function send(baseUrl, cookie, method, path, body, ok = [200, 201]) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: json(baseUrl, cookie),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!ok.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

const slugOf = async (baseUrl, schoolId) =>
  (await (await fetch(`${baseUrl}/api/schools/${schoolId}`)).json()).slug;

const pageSetups = new Map();
/** Once per server and kind: the setup's result is shared by the rows that need it. */
const once = (key, make) => {
  if (!pageSetups.has(key)) pageSetups.set(key, make());
  return pageSetups.get(key);
};

/**
 * On the check-in database: the last open school (the check-in row walks schools from the
 * first) gets GOERS members checked in, rating it with a review, and going to its next
 * three open mats. The page is loaded with the first of them's cookie (their own going and
 * rating on it).
 */
const GOERS = 20;
export function schoolWithGoingAndRatings(seeded) {
  return async (baseUrl) => {
    const { cookie, slug } = await once(`going|${baseUrl}`, async () => {
      const school = seeded.schools.at(-1);
      const cookies = seeded.cookies.slice(0, GOERS);
      progress(`${cookies.length} members check in at, rate and go to one school`);
      const { occurrences } = await send(baseUrl, cookies[0], "GET", `/api/schools/${school.id}/occurrences`);
      const scheduled = occurrences.filter((o) => o.start !== null && o.status === "scheduled");
      // The next three that have not started: which of the listed ones have depends on the
      // hour of the run (the school's open mat now has, and so may others earlier today).
      const goingTo = (o) => `/api/schools/${school.id}/occurrences/${o.date}/${o.start}/going`;
      const next = [];
      for (const o of scheduled) {
        if (next.length === 3) break;
        const status = await send(baseUrl, cookies[0], "POST", goingTo(o), undefined, [200, 201, 422]);
        if (status !== null && !("message" in status)) next.push(o);
      }
      for (const [i, c] of cookies.entries()) {
        const place = { schoolId: school.id, latitude: school.latitude, longitude: school.longitude };
        await send(baseUrl, c, "POST", "/api/checkins", place, [200, 201, 409]);
        const review = i % 2 ? "Friendly rolls, clean mats, good mix of belts." : null;
        await send(baseUrl, c, "PUT", `/api/schools/${school.id}/rating`, { stars: 1 + (i % 5), review });
        for (const o of next) await send(baseUrl, c, "POST", goingTo(o));
      }
      return { cookie: cookies[0], slug: await slugOf(baseUrl, school.id) };
    });
    return { cookie, pathSuffix: slug };
  };
}

/**
 * The manage page of the school the generated members' last one keeps (bench/seed-members.ts
 * makes them its owner: a claim through the API needs a confirmed address, and production
 * sends no mail), loaded with their cookie.
 */
export function schoolOwner(seeded, password) {
  return async (baseUrl) =>
    once(`owner|${baseUrl}`, async () => {
      const cookie = await signIn(baseUrl, seeded.owner.username, password);
      return { cookie, pathSuffix: `${await slugOf(baseUrl, seeded.owner.schoolId)}/manage` };
    });
}

/** The signed-in viewer with CONVERSATIONS conversations, each with a message both ways. */
const CONVERSATIONS = 10;
export function withConversations(viewerCookie) {
  return async (baseUrl) => {
    const cookie = await viewerCookie(baseUrl);
    await once(`messages|${baseUrl}`, async () => {
      progress(`${CONVERSATIONS} conversations for the viewer`);
      for (let i = 0; i < CONVERSATIONS; i++) {
        const other = await registerBenchUser(baseUrl, `bench_pen_pal_${i}`);
        const { id } = await send(baseUrl, other.cookie, "POST", `/api/conversations/with/${cookie.id}`);
        await send(baseUrl, other.cookie, "POST", `/api/conversations/${id}/messages`, {
          body: "Open mat on Saturday? We start at 10.",
        });
        await send(baseUrl, cookie.cookie, "POST", `/api/conversations/${id}/messages`, {
          body: "See you there.",
        });
      }
    });
    return { cookie: cookie.cookie };
  };
}
