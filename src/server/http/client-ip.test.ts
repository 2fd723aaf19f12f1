import { describe, expect, it } from "bun:test";
import { clientIp } from "./pipeline";

const request = (forwarded?: string) =>
  new Request("http://localhost/", { headers: forwarded ? { "x-forwarded-for": forwarded } : {} });

describe("clientIp", () => {
  it("is the peer unless TRUST_PROXY is set", () => {
    expect(clientIp(request("203.0.113.9"), "10.0.0.2", false)).toBe("10.0.0.2");
    expect(clientIp(request(), undefined, false)).toBe("unknown");
  });

  it("behind our proxy, is the hop the proxy appended, not one the client wrote", () => {
    expect(clientIp(request("203.0.113.9"), "127.0.0.1", true)).toBe("203.0.113.9");
    // A client that sends its own X-Forwarded-For cannot choose its address.
    expect(clientIp(request("1.2.3.4, 5.6.7.8, 203.0.113.9"), "127.0.0.1", true)).toBe("203.0.113.9");
    expect(clientIp(request(), "127.0.0.1", true)).toBe("127.0.0.1");
  });
});
