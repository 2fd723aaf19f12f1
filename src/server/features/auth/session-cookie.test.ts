import { describe, expect, it } from "bun:test";
import { cookieValue, sessionJar } from "./session-plugin";

describe("the session cookie", () => {
  it("reads its value among others, with or without spaces, decoded", () => {
    expect(cookieValue("a=1; om_session=tok; b=2", "om_session")).toBe("tok");
    expect(cookieValue("om_session=tok;theme=dark", "om_session")).toBe("tok");
    expect(cookieValue("xom_session=no; om_session = yes ", "om_session")).toBe("yes");
    expect(cookieValue("om_session=a%3Db", "om_session")).toBe("a=b");
    expect(cookieValue("om_session=%E0%A4%A", "om_session")).toBe("%E0%A4%A");
    expect(cookieValue("__Host-om_session=t; om_session=u", "__Host-om_session")).toBe("t");
    expect(cookieValue("other=1", "om_session")).toBe("");
    expect(cookieValue(null, "om_session")).toBe("");
  });

  it("writes one Set-Cookie with the attributes asked for, secure or not", () => {
    const headers: Record<string, string> = {};
    const request = new Request("https://openmat.test/", { headers: { cookie: "__Host-om_session=old" } });
    const jar = sessionJar(request, "__Host-om_session", headers);
    expect(jar.value).toBe("old");
    const expires = new Date("2027-01-02T03:04:05Z");
    jar.set({ value: "new", httpOnly: true, sameSite: "lax", path: "/", secure: true, expires });
    expect(jar.value).toBe("new");
    const cookie = headers["set-cookie"] ?? "";
    expect(cookie.startsWith("__Host-om_session=new")).toBe(true);
    for (const part of ["HttpOnly", "Secure", "Path=/", "Expires=Sat, 02 Jan 2027 03:04:05 GMT"]) {
      expect(cookie).toContain(part);
    }
    expect(cookie).toMatch(/SameSite=Lax/i);
    jar.set({ value: "", httpOnly: true, sameSite: "lax", path: "/", secure: false, maxAge: 0 });
    expect(headers["set-cookie"]).toMatch(/^__Host-om_session=;.*Max-Age=0/);
    expect(headers["set-cookie"]).not.toContain("Secure");
  });
});
