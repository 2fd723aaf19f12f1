import { describe, expect, it } from "bun:test";
import { dayBit, homeQueryString, matchesDays, parseHomeQuery, toggleDay } from "./home";
import { formatResetTime, isInAppBrowser } from "./home-texts";

describe("home query", () => {
  it("round-trips through the URL and ignores junk", () => {
    const q = parseHomeQuery(
      new URLSearchParams(
        "search=Austin,%20TX&days=sunday,bogus,saturday&rules=free,parking,nogi&saved=1&open=now&school=12",
      ),
    );
    expect(q).toEqual({
      search: "Austin, TX",
      days: ["saturday", "sunday"],
      rules: ["nogi", "free"],
      saved: true,
      open: "now",
      school: 12,
    });
    expect(parseHomeQuery(new URLSearchParams(homeQueryString(q)))).toEqual(q);
    expect(parseHomeQuery(new URLSearchParams("school=-1&open=later"))).toEqual({
      search: "",
      days: [],
      rules: [],
      saved: false,
      open: "any",
      school: null,
    });
    expect(homeQueryString(parseHomeQuery(new URLSearchParams("")))).toBe("");
  });
});

describe("day filter", () => {
  it("follows the spec's transitions", () => {
    expect(toggleDay([], "saturday")).toEqual(["saturday"]);
    expect(toggleDay(["saturday"], "monday")).toEqual(["monday", "saturday"]);
    expect(toggleDay(["saturday"], "saturday")).toEqual([]);
    expect(toggleDay(["monday", "saturday"], "all")).toEqual([]);
  });

  it("matches when any chosen day is open", () => {
    const satSun = dayBit.saturday | dayBit.sunday;
    expect(matchesDays(satSun, [])).toBe(true);
    expect(matchesDays(satSun, ["monday", "sunday"])).toBe(true);
    expect(matchesDays(satSun, ["monday"])).toBe(false);
  });
});

describe("texts", () => {
  it("formats the reset time in hours from one hour, else minutes, rounded up", () => {
    expect(formatResetTime(3600)).toBe("1 hour");
    expect(formatResetTime(3601)).toBe("2 hours");
    expect(formatResetTime(3599)).toBe("60 minutes");
    expect(formatResetTime(61)).toBe("2 minutes");
    expect(formatResetTime(1)).toBe("1 minute");
  });

  it("detects in-app browsers", () => {
    expect(isInAppBrowser("Mozilla/5.0 (iPhone) Mobile/15E148 [FBAN/FBIOS;FBAV/400.0]")).toBe(true);
    expect(isInAppBrowser("Mozilla/5.0 (iPhone) Instagram 300.0")).toBe(true);
    expect(isInAppBrowser("Mozilla/5.0 (iPhone) GSA/300.0 Mobile/15E148 Safari/604.1")).toBe(true);
    expect(isInAppBrowser("Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 Version/4.0")).toBe(true);
    expect(
      isInAppBrowser("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36"),
    ).toBe(false);
    expect(isInAppBrowser("Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15")).toBe(
      false,
    );
  });
});
