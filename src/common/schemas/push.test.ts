import { describe, expect, it } from "bun:test";
import * as v from "valibot";
import { notificationTypes } from "./notifications";
import { base64urlBytes, pushKindOfBellType, pushSubscriptionSchema } from "./push";

describe("push kinds of bell items", () => {
  it("tells cancelled and moved open mats and reminders as cancellations, every other item as other", () => {
    expect(pushKindOfBellType("cancellation")).toBe("cancellations");
    expect(pushKindOfBellType("reminder")).toBe("cancellations");
    for (const type of notificationTypes.filter((t) => t !== "cancellation" && t !== "reminder"))
      expect(pushKindOfBellType(type)).toBe("other");
  });
});

describe("a browser's subscription", () => {
  const key = (bytes: number, first = 4) =>
    Buffer.from([first, ...new Array(bytes - 1).fill(7)]).toString("base64url");
  const body = (p256dh: string, auth: string) => ({
    endpoint: "https://push.example/x",
    keys: { p256dh, auth },
  });

  it("takes keys of the right lengths, with or without padding, and reads them back to bytes", () => {
    const ok = v.safeParse(pushSubscriptionSchema, body(key(65), key(16, 1)));
    expect(ok.success).toBe(true);
    expect(v.safeParse(pushSubscriptionSchema, body(`${key(65)}=`, `${key(16, 1)}==`)).success).toBe(true);
    expect([...base64urlBytes(key(16, 1))]).toEqual([1, ...new Array(15).fill(7)]);
  });

  it("refuses a key one byte short or long, a compressed point, and a secret of another length", () => {
    for (const [p256dh, auth] of [
      [key(64), key(16)],
      [key(66), key(16)],
      [key(65, 2), key(16)],
      [key(65), key(15)],
      [key(65), key(17)],
    ] as const)
      expect(v.safeParse(pushSubscriptionSchema, body(p256dh, auth)).success).toBe(false);
  });
});
