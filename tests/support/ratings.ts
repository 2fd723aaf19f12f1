import type { MyRating, RatingResult, ReviewsPage } from "../../src/common/schemas/ratings";
import { addSchool, insertVerifiedCheckins } from "./checkins";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember, sessionCookieFrom } from "./session";
import type { TestApp } from "./test-app";

export type Member = Awaited<ReturnType<typeof registerMember>>;

/** The helpers the ratings tests (issue 22) share: members who visited, requests, the tables. */
export function ratingsHelpers(t: TestApp) {
  const rows = async (query: string, args: (string | number | null)[] = []) =>
    (await t.app.context.database.client.execute({ sql: query, args })).rows;
  const send = (method: string, path: string, body?: unknown, who?: { cookie: string }) =>
    t.json(method, path, body, who ? { cookie: who.cookie } : {});
  const put = (schoolId: number, body: unknown, who?: { cookie: string }) =>
    send("PUT", `/api/schools/${schoolId}/rating`, body, who);

  return {
    rows,
    send,
    put,
    /** A member with a verified check-in at each school given. */
    async visitor(prefix: string, ...schoolIds: number[]): Promise<Member> {
      const member = await registerMember(t, prefix);
      await insertVerifiedCheckins(t, member.id, schoolIds);
      return member;
    },
    /** A confirmed admin (ADMIN_EMAILS must list the address). */
    async admin(email: string): Promise<Member> {
      const details = { username: `admin${Date.now() % 100_000}`, email, password: "ratings admin password" };
      const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", details);
      const { user } = (await res.json()) as { user: { id: number } };
      const cookie = sessionCookieFrom(res) ?? "";
      await confirmEmail(t, email, cookie);
      return { ...details, id: user.id, cookie };
    },
    school: (gym?: string) => addSchool(t, { gym, sessions: [[6, "10:00"]] }),
    /** Rates and expects it to pass. */
    async rate(schoolId: number, who: { cookie: string }, stars: number, review?: string) {
      const res = await put(schoolId, { stars, ...(review === undefined ? {} : { review }) }, who);
      if (res.status !== 200) throw new Error(`rating failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as RatingResult;
    },
    async mine(schoolId: number, who: { cookie: string }) {
      return (await (
        await send("GET", `/api/schools/${schoolId}/rating`, undefined, who)
      ).json()) as MyRating;
    },
    async reviews(schoolId: number, query = "", who?: { cookie: string }) {
      const res = await send("GET", `/api/schools/${schoolId}/reviews${query}`, undefined, who);
      return { status: res.status, body: (await res.json()) as ReviewsPage & { message?: string } };
    },
    async summary(schoolId: number) {
      const [row] = await rows("SELECT rating, review_count FROM schools WHERE id = ?", [schoolId]);
      return { rating: row?.rating ?? null, reviewCount: Number(row?.review_count) };
    },
    async version() {
      return (await rows("SELECT value FROM app_meta WHERE key = 'schools_version'"))[0]?.value ?? null;
    },
    ratingCount: async (schoolId: number) =>
      Number((await rows("SELECT count(*) AS n FROM school_ratings WHERE school_id = ?", [schoolId]))[0]?.n),
  };
}
