/**
 * Whether a claimant's verified address is at the gym's own website domain (issue 21): the
 * registrable domain of each (the public suffix list, through tldts), so that
 * `coach@mail.gracieaustin.com` matches `https://www.gracieaustin.com/schedule` and
 * `a@example.co.uk` does not match `other.co.uk`. Free-mail providers and shared hosts never
 * match: anyone can have an address there, or a page there.
 */
import { getDomain } from "tldts";

/**
 * Mail providers anyone can sign up at. A gym whose site is on one of these domains (rare,
 * but "gmail.com" as a website happens in imports) cannot be claimed by domain.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "aol.com",
  "att.net",
  "bellsouth.net",
  "charter.net",
  "comcast.net",
  "cox.net",
  "earthlink.net",
  "fastmail.com",
  "gmail.com",
  "gmx.com",
  "gmx.net",
  "googlemail.com",
  "hey.com",
  "hotmail.com",
  "icloud.com",
  "live.com",
  "mac.com",
  "mail.com",
  "me.com",
  "msn.com",
  "outlook.com",
  "proton.me",
  "protonmail.com",
  "rocketmail.com",
  "sbcglobal.net",
  "tutanota.com",
  "verizon.net",
  "yahoo.com",
  "yandex.com",
  "ymail.com",
  "zoho.com",
]);

/**
 * Sites that host many gyms' pages under one domain: a gym "website" there (a Facebook page,
 * a Linktree, a free site builder's subdomain) says nothing about who owns an address there.
 */
export const SHARED_SITE_DOMAINS: ReadonlySet<string> = new Set([
  "blogspot.com",
  "business.site",
  "carrd.co",
  "facebook.com",
  "godaddysites.com",
  "google.com",
  "instagram.com",
  "linktr.ee",
  "mindbodyonline.com",
  "squarespace.com",
  "square.site",
  "wix.com",
  "wixsite.com",
  "weebly.com",
  "wordpress.com",
  "yelp.com",
  "zenplanner.com",
]);

/** The registrable domain of a host, URL or address's domain part, lower case; null if none. */
export function registrableDomain(hostOrUrl: string): string | null {
  const domain = getDomain(hostOrUrl.trim().toLowerCase());
  return domain || null;
}

const isCommon = (domain: string) => FREE_MAIL_DOMAINS.has(domain) || SHARED_SITE_DOMAINS.has(domain);

/** Whether `email`'s domain is the registrable domain of `website`, neither being free mail or shared. */
export function emailMatchesWebsite(email: string, website: string | null | undefined): boolean {
  if (!website) return false;
  const at = email.lastIndexOf("@");
  if (at < 1) return false;
  const mailDomain = registrableDomain(email.slice(at + 1));
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`).hostname;
  } catch {
    return false;
  }
  const siteDomain = registrableDomain(host);
  if (!mailDomain || !siteDomain || isCommon(mailDomain) || isCommon(siteDomain)) return false;
  return mailDomain === siteDomain;
}
