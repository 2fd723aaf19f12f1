import { describe, expect, it } from "bun:test";
import { emailMatchesWebsite, FREE_MAIL_DOMAINS, registrableDomain } from "./domain-match";

describe("emailMatchesWebsite", () => {
  const cases: [email: string, website: string | null, matches: boolean][] = [
    // The issue's own example: a mail subdomain against www and a path.
    ["coach@mail.gracieaustin.com", "https://www.gracieaustin.com/schedule", true],
    ["owner@gracieaustin.com", "https://gracieaustin.com", true],
    ["Owner@GracieAustin.COM", "http://WWW.GRACIEAUSTIN.COM/", true],
    ["coach@gracieaustin.com", "gracieaustin.com/open-mat", true],
    ["coach@deep.sub.gracieaustin.com", "https://schedule.gracieaustin.com", true],
    // Another gym, or a look-alike.
    ["coach@gracieaustin.net", "https://gracieaustin.com", false],
    ["coach@notgracieaustin.com", "https://gracieaustin.com", false],
    ["coach@gracieaustin.com.evil.io", "https://gracieaustin.com", false],
    // Two-part public suffixes: the registrable domain is one label more.
    ["sensei@bjj-leeds.co.uk", "https://www.bjj-leeds.co.uk", true],
    ["sensei@other.co.uk", "https://www.bjj-leeds.co.uk", false],
    ["coach@kiwibjj.co.nz", "https://kiwibjj.co.nz/timetable", true],
    // Free mail never matches, even when a listing's "website" is the provider.
    ["someone@gmail.com", "https://gmail.com", false],
    ["coach@gmail.com", "https://gracieaustin.com", false],
    ["coach@outlook.com", "https://outlook.com/gracie", false],
    // Shared hosts: a page on Facebook or a site builder is not the gym's domain.
    ["someone@facebook.com", "https://www.facebook.com/gracieaustin", false],
    ["coach@wixsite.com", "https://gracieaustin.wixsite.com/bjj", false],
    ["coach@sites.google.com", "https://sites.google.com/view/gracieaustin", false],
    // Nothing to match against.
    ["coach@gracieaustin.com", null, false],
    ["coach@gracieaustin.com", "", false],
    ["coach@gracieaustin.com", "not a url at all", false],
    ["not-an-address", "https://gracieaustin.com", false],
    ["coach@localhost", "http://localhost:3000", false],
    ["coach@10.0.0.1", "http://10.0.0.1", false],
  ];
  for (const [email, website, matches] of cases) {
    it(`${email} against ${website ?? "no website"}: ${matches ? "matches" : "does not match"}`, () => {
      expect(emailMatchesWebsite(email, website)).toBe(matches);
    });
  }
});

describe("registrableDomain", () => {
  it("is one label above the public suffix", () => {
    expect(registrableDomain("www.gracieaustin.com")).toBe("gracieaustin.com");
    expect(registrableDomain("a.b.example.co.uk")).toBe("example.co.uk");
    expect(registrableDomain("co.uk")).toBeNull();
  });

  it("knows every free-mail domain as registrable, so the list can match", () => {
    for (const domain of FREE_MAIL_DOMAINS) expect(registrableDomain(domain)).toBe(domain);
  });
});
