import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { type ClaimView, claimTexts } from "../../src/common/schemas/claims";
import { appendEvent } from "../../src/server/events/store";
import { CLAIM_LIMIT, type ClaimsApp, startClaimsApp } from "../support/claims";
import { expectTooMany } from "../support/rate-limit";
import { mailsTo } from "../support/session";

let w: ClaimsApp;
beforeAll(async () => {
  w = await startClaimsApp();
});
afterAll(() => w.close());

describe("claiming", () => {
  it("approves at once when the confirmed address is at the gym's website domain", async () => {
    const school = await w.addSchool("https://www.gracie-claims.com/schedule");
    const coach = await w.register("coach", "coach@mail.gracie-claims.com");
    const res = await w.claim(school.id, coach, "Head coach here.");
    expect(res.status).toBe(201);
    const body = (await res.json()) as ClaimView;
    expect(body).toMatchObject({ schoolId: school.id, status: "approved", domainMatch: true });
    expect(await w.ownerCount(school.id, coach.id)).toBe(1);
    const [owner] = await w.rows("SELECT claim_id FROM school_owners WHERE school_id = ?", [school.id]);
    expect(Number(owner?.[0])).toBe(body.id);
    // Audited with the member as the actor, told by the bell and by mail.
    const [audit] = await w.audits("claim.approve", body.id);
    expect(Number(audit?.[0])).toBe(coach.id);
    expect(JSON.parse(String(audit?.[2]))).toMatchObject({ status: "approved", by: "domain" });
    // Read from the outbox before the jobs run: a sent mail keeps no text.
    const [mail] = await mailsTo(w.t, coach.email).then((m) =>
      m.filter((x) => x.subject.includes(school.gym)),
    );
    expect(mail?.subject).toBe(`You can now manage ${school.gym} on OpenMat`);
    expect(mail?.text).toContain(`/schools/${school.slug}/manage`);
    expect(await w.bell(coach)).toEqual([
      [
        "claim",
        "Gym claim approved",
        `You can now manage ${school.gym}: its schedule, visitor rules and contact details.`,
        `/schools/${school.slug}/manage`,
      ],
    ]);
    // The owner's view of it; claiming again is a 409 that changes nothing.
    const me = await w.send("GET", `/api/schools/${school.id}/owners/me`, coach);
    expect(await me.json()).toEqual({ owner: true, manage: true, claim: null });
    const again = await w.claim(school.id, coach);
    expect([again.status, (await again.json()).message]).toEqual([409, claimTexts.alreadyOwner]);
    expect(await w.count("SELECT count(*) FROM school_claims WHERE school_id = ?", [school.id])).toBe(1);
  });

  it("free mail never approves, even against a listing whose website is the provider", async () => {
    const school = await w.addSchool("https://gmail.com");
    const member = await w.register("free");
    const res = await w.claim(school.id, member);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: "pending", domainMatch: false });
    expect(await w.ownerCount(school.id, member.id)).toBe(0);
  });

  it("refuses an unconfirmed address (403), a guest (401) and an unknown school (404), storing nothing", async () => {
    const school = await w.addSchool("https://unverified-gym.com");
    const unconfirmed = await w.register("unconf", "coach@unverified-gym.com", false);
    const res = await w.claim(school.id, unconfirmed);
    expect([res.status, (await res.json()).message]).toEqual([403, claimTexts.unverified]);
    expect((await w.send("POST", `/api/schools/${school.id}/claims`, undefined, {})).status).toBe(401);
    const member = await w.register("nowhere");
    const missing = await w.claim(99_999_999, member);
    expect([missing.status, (await missing.json()).message]).toEqual([404, claimTexts.schoolNotFound]);
    const badId = await w.claim(0, member);
    expect(badId.status).toBe(400);
    const tooLong = await w.claim(school.id, member, "x".repeat(1001));
    expect([tooLong.status, (await tooLong.json()).message]).toEqual([400, claimTexts.messageTooLong]);
    expect(await w.count("SELECT count(*) FROM school_claims WHERE school_id = ?", [school.id])).toBe(0);
  });

  it("requests sent at once make one pending claim, answered to each; a repeat is 200 and free", async () => {
    const school = await w.addSchool(null);
    const member = await w.register("parallel");
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => w.claim(school.id, member, "at once")),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as ClaimView).id)));
    expect(ids.size).toBe(1);
    expect(await w.count("SELECT count(*) FROM school_claims WHERE school_id = ?", [school.id])).toBe(1);
    const me = (await (await w.send("GET", `/api/schools/${school.id}/owners/me`, member)).json()) as {
      claim: { id: number } | null;
    };
    expect(me).toMatchObject({ owner: false, manage: false, claim: { id: [...ids][0], status: "pending" } });
  });

  it("requests sent at once by a matching address make one approved claim and one owner", async () => {
    const school = await w.addSchool("https://at-once-gym.com");
    const coach = await w.register("atonce", "coach@at-once-gym.com");
    const responses = await Promise.all(Array.from({ length: 6 }, () => w.claim(school.id, coach)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    for (const r of responses) expect(((await r.json()) as ClaimView).status).toBe("approved");
    expect(await w.count("SELECT count(*) FROM school_claims WHERE school_id = ?", [school.id])).toBe(1);
    expect(await w.ownerCount(school.id, coach.id)).toBe(1);
    expect(
      await w.count("SELECT count(*) FROM admin_audit_log WHERE action = 'claim.approve' AND actor_id = ?", [
        coach.id,
      ]),
    ).toBe(1);
  });

  it("counts new claims against the daily limit; answering an open one is free", async () => {
    const member = await w.register("limited");
    const schools = await Promise.all(Array.from({ length: CLAIM_LIMIT + 1 }, () => w.addSchool(null)));
    for (const school of schools.slice(0, CLAIM_LIMIT))
      expect((await w.claim(school.id, member)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await w.claim(schools[0]?.id ?? 0, member)).status).toBe(200);
    const refused = await w.claim(schools[CLAIM_LIMIT]?.id ?? 0, member);
    await expectTooMany(refused, CLAIM_LIMIT);
  });
});

describe("the school page", () => {
  it("offers 'Manage this gym' to everyone, and its HTML never says who manages the gym", async () => {
    const school = await w.addSchool("https://page-gym.com");
    const coach = await w.register("pagecoach", "coach@page-gym.com");
    expect((await w.claim(school.id, coach)).status).toBe(201);
    const guest = await (await w.t.request(`/schools/${school.slug}`)).text();
    const owner = await (
      await w.t.request(`/schools/${school.slug}`, { headers: { cookie: coach.cookie } })
    ).text();
    for (const html of [guest, owner]) {
      expect(html).toContain('data-island="ManageGym"');
      expect(html).toContain(`>${claimTexts.manage}</button>`);
      expect(html).not.toContain(`/schools/${school.slug}/manage`);
    }
    expect(guest).toContain('"signedIn":false');
    expect(owner).toContain('"signedIn":true');
  });
});

describe("the bell's reading of the events", () => {
  it("skips a claim.decided or owner.removed whose payload names nobody, or a claim.decided with no claim", async () => {
    const member = await w.register("badevents");
    const db = w.t.app.context.database.db;
    const at = new Date();
    const good = { userId: member.id, schoolId: 1, gym: "Good Gym", slug: "good-gym" };
    await db.batch([
      ...appendEvent(db, { type: "claim.decided", subjectId: 5, payload: { ...good, userId: "x" }, at }),
      ...appendEvent(db, { type: "claim.decided", payload: { ...good, decision: "approved" }, at }),
      ...appendEvent(db, { type: "owner.removed", subjectId: 1, payload: { ...good, left: "yes" }, at }),
      ...appendEvent(db, {
        type: "claim.decided",
        subjectId: 6,
        payload: { ...good, decision: "rejected" },
        at,
      }),
    ]);
    expect(await w.bell(member)).toEqual([
      [
        "claim",
        "Gym claim not approved",
        "Your claim to manage Good Gym was not approved.",
        "/schools/good-gym",
      ],
    ]);
  });
});
