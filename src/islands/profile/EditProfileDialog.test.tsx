import { afterEach, beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import { settingsMessages } from "../../common/schemas/settings";
import { userMessages } from "../../common/schemas/users";
import { withDom } from "../home/test-dom";
import { click, render, typeInto } from "../home/test-render";
import { EditProfileButton, type EditProfileProps } from "./EditProfileDialog";

withDom();

const props: EditProfileProps = {
  username: "helio",
  profile: { profilePhoto: null, beltLevel: "Blue Belt", aboutMe: null, city: "Austin", homeGym: null },
  settings: {
    showBeltLevel: true,
    showAboutMe: false,
    showCity: false,
    showHomeGym: false,
    showBadgeCount: true,
  },
};

interface Call {
  method: string;
  url: string;
  body: unknown;
  contentType: string | null;
}
let calls: Call[] = [];
/** Answers by "METHOD path"; anything else is a 200 with {}. */
let answers: Record<string, () => Response> = {};

beforeEach(() => {
  calls = [];
  answers = {
    "POST /api/users/profile/upload-url": () => Response.json({ uploadURL: "/uploads/ticket-1" }),
    "POST /api/users/profile/upload-photo": () => Response.json({ profilePhoto: "/photos/k-512.webp" }),
  };
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    const path = new URL(String(url), "http://localhost").pathname;
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    const body =
      typeof init.body === "string"
        ? JSON.parse(init.body)
        : init.body instanceof Blob
          ? "<file>"
          : undefined;
    calls.push({ method, url: path, body, contentType: headers.get("content-type") });
    return (answers[`${method} ${path}`] ?? (() => Response.json({})))();
  }) as unknown as typeof fetch;
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
});

async function setup() {
  const onSaved = mock(() => {});
  const view = await render(<EditProfileButton {...props} onSaved={onSaved} />);
  const opener = view.container.querySelector("button") as HTMLButtonElement;
  opener.focus();
  await click(opener);
  const dialog = view.container.querySelector("dialog") as HTMLDialogElement;
  const byLabel = <T extends Element>(text: string) => {
    const label = [...dialog.querySelectorAll("label")].find((l) => l.textContent === text);
    return dialog.querySelector(`#${CSS.escape(label?.htmlFor ?? "")}`) as unknown as T;
  };
  const checkbox = (what: string) =>
    [...dialog.querySelectorAll<HTMLLabelElement>("label.show-publicly")]
      .find((l) => l.textContent === `Show publicly (${what})`)
      ?.querySelector("input") as HTMLInputElement;
  // One act() around the click and the requests it starts, so every state update lands inside it.
  const save = () =>
    act(async () => {
      (dialog.querySelector("button[type=submit]") as HTMLButtonElement).click();
      await new Promise((done) => setTimeout(done, 30));
    });
  const toasts = () => [...document.querySelectorAll(".toast")].map((t) => t.textContent?.replace("×", ""));
  return { ...view, opener, dialog, byLabel, checkbox, save, onSaved, toasts };
}

/** Types into a textarea as a user does (React tracks the native value setter). */
async function typeText(area: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

const png = (size = 1000) => new File([new Uint8Array(size)], "me.png", { type: "image/png" });

describe("Edit Profile dialog", () => {
  it("opens as a labelled modal with the current values and the five 'Show publicly' boxes", async () => {
    const { dialog, byLabel, checkbox, unmount } = await setup();
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      "Edit Profile",
    );
    expect(byLabel<HTMLSelectElement>("Belt Level").value).toBe("Blue Belt");
    expect([...byLabel<HTMLSelectElement>("Belt Level").options].map((o) => o.value)).toEqual([
      "",
      "White Belt",
      "Blue Belt",
      "Purple Belt",
      "Brown Belt",
      "Black Belt",
      "Coral Belt",
      "Red Belt",
    ]);
    expect(byLabel<HTMLInputElement>("City").value).toBe("Austin");
    expect(byLabel<HTMLInputElement>("Profile Photo").type).toBe("file");
    expect(byLabel<HTMLTextAreaElement>("About Me").tagName).toBe("TEXTAREA");
    expect(byLabel<HTMLInputElement>("Home Gym").value).toBe("");
    const flags = ["belt level", "about me", "city", "home gym", "badge count"].map(
      (w) => checkbox(w).checked,
    );
    expect(flags).toEqual([true, false, false, false, true]);
    await unmount();
  });

  it("refuses a long About Me with the spec's message and sends nothing", async () => {
    const { byLabel, save, dialog, unmount } = await setup();
    const about = byLabel<HTMLTextAreaElement>("About Me");
    await typeText(about, "x".repeat(201));
    await save();
    expect(dialog.textContent).toContain(userMessages.aboutMeMax);
    expect(userMessages.aboutMeMax).toBe("About me must be 200 characters or less");
    expect(about.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(about.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      userMessages.aboutMeMax,
    );
    expect(calls).toEqual([]);
    await unmount();
  });

  it("checks the photo's type and size in the browser with the spec's messages", async () => {
    const { byLabel, dialog, save, unmount } = await setup();
    const input = byLabel<HTMLInputElement>("Profile Photo");
    expect(input.accept).toBe("image/jpeg,image/png,image/webp");
    await choose(input, new File(["gif"], "me.gif", { type: "image/gif" }));
    expect(dialog.textContent).toContain("Invalid file type: Please select a JPEG, PNG, or WebP image.");
    await choose(input, png(5 * 1024 * 1024 + 1));
    expect(dialog.textContent).toContain("File too large: Please select an image smaller than 5MB.");
    await choose(input, png(5 * 1024 * 1024));
    expect(dialog.textContent).not.toContain("File too large");
    await save();
    expect(calls[0]?.url).toBe("/api/users/profile/upload-url");
    await unmount();
  });

  it("saves in the spec's order: photo, then profile (empty values left out), then settings", async () => {
    const { byLabel, checkbox, save, onSaved, opener, unmount } = await setup();
    await choose(byLabel<HTMLInputElement>("Profile Photo"), png());
    await typeInto(byLabel<HTMLInputElement>("Home Gym"), "  Gracie Barra  ");
    await click(checkbox("home gym"));
    await click(checkbox("belt level"));
    await save();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST /api/users/profile/upload-url",
      "PUT /uploads/ticket-1",
      "POST /api/users/profile/upload-photo",
      "PATCH /api/users/profile",
      "PATCH /api/settings",
    ]);
    expect(calls[1]).toMatchObject({ body: "<file>", contentType: "image/png" });
    expect(calls[2]?.body).toEqual({ photoURL: "/uploads/ticket-1" });
    // aboutMe was empty and stays empty: left out. The rest trimmed.
    expect(calls[3]?.body).toEqual({ beltLevel: "Blue Belt", city: "Austin", homeGym: "Gracie Barra" });
    expect(calls[4]?.body).toEqual({
      showBeltLevel: false,
      showAboutMe: false,
      showCity: false,
      showHomeGym: true,
      showBadgeCount: true,
    });
    expect(onSaved).toHaveBeenCalledTimes(1);
    // Closed, and focus is back on the button that opened it.
    expect(document.querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    await unmount();
  });

  it("without a photo it skips the upload; a cleared field is sent empty so it is removed", async () => {
    const { byLabel, save, unmount } = await setup();
    await typeInto(byLabel<HTMLInputElement>("City"), "");
    await save();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "PATCH /api/users/profile",
      "PATCH /api/settings",
    ]);
    expect(calls[0]?.body).toEqual({ beltLevel: "Blue Belt", city: "" });
    await unmount();
  });

  it("an upload failure says 'Upload failed: {status text}' and stops before the profile", async () => {
    answers["PUT /uploads/ticket-1"] = () => new Response("no", { status: 403, statusText: "Forbidden" });
    const { byLabel, save, dialog, onSaved, toasts, unmount } = await setup();
    await choose(byLabel<HTMLInputElement>("Profile Photo"), png());
    await save();
    expect(calls.map((c) => c.url)).toEqual(["/api/users/profile/upload-url", "/uploads/ticket-1"]);
    expect(dialog.textContent).toContain("Upload failed: Forbidden");
    expect(toasts().join()).toContain("Upload failed: Forbidden");
    expect(onSaved).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
    await unmount();
  });

  it("a profile failure shows 'Error' / 'Failed to update profile' and does not touch settings", async () => {
    answers["PATCH /api/users/profile"] = () => Response.json({ message: "boom" }, { status: 500 });
    const { save, toasts, onSaved, unmount } = await setup();
    await save();
    expect(calls.map((c) => c.url)).toEqual(["/api/users/profile"]);
    expect(toasts()).toEqual([`Error${userMessages.profileFailed}`]);
    expect(onSaved).not.toHaveBeenCalled();
    await unmount();
  });

  it("a settings failure shows the settings message", async () => {
    answers["PATCH /api/settings"] = () => new Response("", { status: 500 });
    const { save, toasts, unmount } = await setup();
    await save();
    expect(toasts()).toEqual([`Error${settingsMessages.failed}`]);
    await unmount();
  });

  it("Cancel closes it without saving and gives focus back to Edit Profile", async () => {
    const { dialog, opener, onSaved, unmount } = await setup();
    const cancel = [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Cancel") as Element;
    await click(cancel);
    expect(document.querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(calls).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    await unmount();
  });
});
