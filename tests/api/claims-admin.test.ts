import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  type AdminClaimView,
  type ClaimView,
  claimTexts,
  type OwnerView,
} from "../../src/common/schemas/claims";
import { adminOnlyApiMessage } from "../../src/server/policy/guard";
import { type ClaimsApp, startClaimsApp } from "../support/claims";
import { mailsTo } from "../support/session";

let w: ClaimsApp;
beforeAll(async () => {
  w = await startClaimsApp();
});
afterAll(() => w.close());

describe("/admin's claims", () => {
  it("lists pending claims oldest first with the member, message, school and match; members get 403", async () => {
    const school = await w.addSchool("https://listed-gym.com");
    const member = await w.register("listed", "owner@elsewhere-gym.com");
    const res = await w.claim(school.id, member, "I run the Saturday open mat.");
    const id = ((await res.json()) as ClaimView).id;
    const list = await w.send("GET", "/api/admin/claims", w.admin);
    expect(list.status).toBe(200);
    const { claims } = (await list.json()) as { claims: AdminClaimView[] };
    const created = claims.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort());
    expect(claims.every((c) => c.status === "pending")).toBe(true);
    expect(claims.find((c) => c.id === id)).toEqual({
      id,
      schoolId: school.id,
      status: "pending",
      domainMatch: false,
      message: "I run the Saturday open mat.",
      createdAt: expect.any(String),
      decidedAt: null,
      email: "owner@elsewhere-gym.com",
      member: { id: member.id, username: member.username },
      school: {
        id: school.id,
        slug: school.slug,
        gym: school.gym,
        city: "Austin",
        state: "TX",
        website: "https://listed-gym.com",
      },
    });
    const refused = await w.send("GET", "/api/admin/claims", member);
    expect([refused.status, (await refused.json()).message]).toEqual([403, adminOnlyApiMessage]);
    for (const action of ["approve", "reject"]) {
      const decided = await w.send("POST", `/api/admin/claims/${id}/${action}`, member, {});
      expect([decided.status, (await decided.json()).message]).toEqual([403, adminOnlyApiMessage]);
    }
    expect(
      await w.count("SELECT count(*) FROM school_claims WHERE id = ? AND status = 'pending'", [id]),
    ).toBe(1);
  });

  it("approving makes an owner, audited, told and mailed; deciding again answers the first decision", async () => {
    const school = await w.addSchool(null);
    const member = await w.register("approved");
    const id = ((await (await w.claim(school.id, member)).json()) as ClaimView).id;
    const res = await w.send("POST", `/api/admin/claims/${id}/approve`, w.admin, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: "approved", decidedAt: expect.any(String) });
    expect(await w.ownerCount(school.id, member.id)).toBe(1);
    const [audit] = await w.audits("claim.approve", id);
    expect(Number(audit?.[0])).toBe(w.admin.id);
    expect(JSON.parse(String(audit?.[1]))).toMatchObject({ status: "pending" });
    // Twice, and a reject after: the first decision stands, written once.
    for (const action of ["approve", "reject"]) {
      const again = await w.send("POST", `/api/admin/claims/${id}/${action}`, w.admin, {});
      expect(again.status).toBe(200);
      expect(((await again.json()) as ClaimView).status).toBe("approved");
    }
    expect(await w.audits("claim.approve", id)).toHaveLength(1);
    expect(await w.audits("claim.reject", id)).toHaveLength(0);
    expect(
      await w.count("SELECT count(*) FROM domain_events WHERE type = 'claim.decided' AND subject_id = ?", [
        id,
      ]),
    ).toBe(1);
    const mails = await mailsTo(w.t, member.email);
    expect(mails.filter((m) => m.subject === `You can now manage ${school.gym} on OpenMat`)).toHaveLength(1);
    expect(mails.at(-1)?.text).toContain("approved by an administrator");
    expect(await w.bell(member)).toEqual([
      [
        "claim",
        "Gym claim approved",
        `You can now manage ${school.gym}: its schedule, visitor rules and contact details.`,
        `/schools/${school.slug}/manage`,
      ],
    ]);
    const missing = await w.send("POST", "/api/admin/claims/99999999/approve", w.admin, {});
    expect([missing.status, (await missing.json()).message]).toEqual([404, claimTexts.claimNotFound]);
  });

  it("two admins' decisions at once: one is written, both answer it", async () => {
    const school = await w.addSchool(null);
    const member = await w.register("raced");
    const id = ((await (await w.claim(school.id, member)).json()) as ClaimView).id;
    const answers = await Promise.all([
      w.send("POST", `/api/admin/claims/${id}/approve`, w.admin, {}),
      w.send("POST", `/api/admin/claims/${id}/reject`, w.admin, { reason: "Not staff" }),
      w.send("POST", `/api/admin/claims/${id}/approve`, w.admin, {}),
    ]);
    const statuses = await Promise.all(answers.map(async (r) => ((await r.json()) as ClaimView).status));
    const [stored] = await w.rows("SELECT status FROM school_claims WHERE id = ?", [id]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(statuses)).toEqual(new Set([String(stored?.[0]) as ClaimView["status"]]));
    expect(
      await w.count("SELECT count(*) FROM admin_audit_log WHERE subject_type = 'claim' AND subject_id = ?", [
        id,
      ]),
    ).toBe(1);
    expect(await w.ownerCount(school.id, member.id)).toBe(stored?.[0] === "approved" ? 1 : 0);
  });

  it("rejecting keeps the member out, with the reason audited, told and mailed; they may claim again", async () => {
    const school = await w.addSchool(null);
    const member = await w.register("rejected");
    const id = ((await (await w.claim(school.id, member)).json()) as ClaimView).id;
    const long = await w.send("POST", `/api/admin/claims/${id}/reject`, w.admin, { reason: "x".repeat(501) });
    expect([long.status, (await long.json()).message]).toEqual([400, claimTexts.reasonTooLong]);
    const res = await w.send("POST", `/api/admin/claims/${id}/reject`, w.admin, {
      reason: "We could not reach the gym.",
    });
    expect([res.status, ((await res.json()) as ClaimView).status]).toEqual([200, "rejected"]);
    expect(await w.ownerCount(school.id, member.id)).toBe(0);
    const [audit] = await w.audits("claim.reject", id);
    expect(JSON.parse(String(audit?.[2]))).toMatchObject({
      status: "rejected",
      reason: "We could not reach the gym.",
    });
    const [mail] = (await mailsTo(w.t, member.email)).filter((m) => m.subject.startsWith("Your claim"));
    expect(mail?.text).toContain("Reason: We could not reach the gym.");
    expect(await w.bell(member)).toEqual([
      [
        "claim",
        "Gym claim not approved",
        `Your claim to manage ${school.gym} was not approved. Reason: We could not reach the gym.`,
        `/schools/${school.slug}`,
      ],
    ]);
    await w.t.app.outbox.drain();
    await w.smtp.waitFor(1);
    const deadline = Date.now() + 5000;
    // Delivered through a real SMTP peer (after the address's confirmation mail).
    const received = () =>
      w.smtp.inbox.find((m) => m.to.includes(member.email) && m.raw.includes("was not approved"));
    while (!received() && Date.now() < deadline) {
      await w.t.app.outbox.drain();
      await Bun.sleep(50);
    }
    expect(received()?.raw.replace(/=\r?\n/g, "")).toContain("Reason: We could not reach the gym.");
    expect((await w.claim(school.id, member)).status).toBe(201);
  });
});

describe("owners", () => {
  async function ownedSchool() {
    const school = await w.addSchool(null);
    const first = await w.register("firstowner");
    const second = await w.register("secondowner");
    for (const who of [first, second]) {
      const id = ((await (await w.claim(school.id, who)).json()) as ClaimView).id;
      expect((await w.send("POST", `/api/admin/claims/${id}/approve`, w.admin, {})).status).toBe(200);
    }
    return { school, first, second };
  }

  it("lists a school's owners to its owners and admins; anyone else gets the missing school's 404", async () => {
    const { school, first, second } = await ownedSchool();
    for (const who of [first, w.admin]) {
      const res = await w.send("GET", `/api/schools/${school.id}/owners`, who);
      expect(res.status).toBe(200);
      const { owners } = (await res.json()) as { owners: OwnerView[] };
      expect(owners.map((o) => [o.userId, o.username])).toEqual([
        [first.id, first.username],
        [second.id, second.username],
      ]);
    }
    const stranger = await w.register("stranger");
    for (const id of [school.id, 99_999_999]) {
      const res = await w.send("GET", `/api/schools/${id}/owners`, stranger);
      expect([res.status, (await res.json()).message]).toEqual([404, claimTexts.schoolNotFound]);
    }
    expect((await w.send("GET", `/api/schools/${school.id}/owners`)).status).toBe(401);
    const me = await w.send("GET", `/api/schools/${school.id}/owners/me`, w.admin);
    expect(await me.json()).toEqual({ owner: false, manage: true, claim: null });
  });

  it("another member, or another owner, cannot remove an owner (404), and nothing changes", async () => {
    const { school, first, second } = await ownedSchool();
    const stranger = await w.register("remover");
    for (const who of [stranger, first]) {
      const res = await w.send("DELETE", `/api/schools/${school.id}/owners/${second.id}`, who);
      expect([res.status, (await res.json()).message]).toEqual([404, claimTexts.schoolNotFound]);
    }
    expect(await w.ownerCount(school.id, second.id)).toBe(1);
  });

  it("an admin removes an owner: audited, told and mailed; removing again is 404", async () => {
    const { school, first, second } = await ownedSchool();
    const res = await w.send("DELETE", `/api/schools/${school.id}/owners/${second.id}`, w.admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ schoolId: school.id, userId: second.id, left: false });
    expect(await w.ownerCount(school.id, second.id)).toBe(0);
    expect(await w.ownerCount(school.id, first.id)).toBe(1);
    const [audit] = await w.audits("owner.remove", school.id);
    expect(Number(audit?.[0])).toBe(w.admin.id);
    expect(JSON.parse(String(audit?.[1]))).toMatchObject({
      owner: { userId: second.id, username: second.username },
    });
    expect((await mailsTo(w.t, second.email)).at(-1)?.subject).toBe(
      `You no longer manage ${school.gym} on OpenMat`,
    );
    expect((await w.bell(second))[0]).toEqual([
      "ownership",
      "Removed as a gym owner",
      `An administrator removed you as an owner of ${school.gym}.`,
      `/schools/${school.slug}`,
    ]);
    const again = await w.send("DELETE", `/api/schools/${school.id}/owners/${second.id}`, w.admin);
    expect([again.status, (await again.json()).message]).toEqual([404, claimTexts.ownerNotFound]);
    expect(await w.audits("owner.remove", school.id)).toHaveLength(1);
  });

  it("an owner leaves: audited, told and mailed; the school is then another's to them", async () => {
    const { school, first } = await ownedSchool();
    const res = await w.send("DELETE", `/api/schools/${school.id}/owners/${first.id}`, first);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ schoolId: school.id, userId: first.id, left: true });
    const [audit] = await w.audits("owner.leave", school.id);
    expect(Number(audit?.[0])).toBe(first.id);
    expect((await mailsTo(w.t, first.email)).at(-1)?.text).toContain(`You left ${school.gym}`);
    expect((await w.bell(first))[0]).toEqual([
      "ownership",
      "You left a gym",
      `You no longer manage ${school.gym}.`,
      `/schools/${school.slug}`,
    ]);
    const list = await w.send("GET", `/api/schools/${school.id}/owners`, first);
    expect(list.status).toBe(404);
    const me = await w.send("GET", `/api/schools/${school.id}/owners/me`, first);
    expect(await me.json()).toEqual({ owner: false, manage: false, claim: null });
  });
});
