import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { act } from "react";
import { POST_PHOTO_MAX_BYTES, postMessages } from "../../common/schemas/posts";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { NewsfeedView } from "./NewsfeedView";
import { acceptPhotos, uploadPostPhotos } from "./photos";
import { buttonNamed, type Call, deferred, mockFetch, postView, toastTexts } from "./test-fixtures";

withDom();

const viewer = { id: 7, username: "ana", profilePhoto: null };
let calls: Call[] = [];

beforeEach(() => {
  calls = mockFetch({});
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
});

const file = (name: string, type: string, size = 1000) => {
  const f = new File(["x"], name, { type });
  Object.defineProperty(f, "size", { value: size });
  return f;
};

/** Types into a textarea as a user does: React tracks the native value setter. */
async function typeText(area: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function openDialog() {
  const view = await render(<NewsfeedView viewer={viewer} posts={[postView(1)]} />);
  const opener = [...view.container.querySelectorAll("button")].find((b) => b.textContent === "Create Post");
  if (!opener) throw new Error("no Create Post button");
  opener.focus();
  await click(opener);
  const dialog = document.querySelector("dialog") as HTMLDialogElement;
  const label = [...dialog.querySelectorAll("label")].find((l) => l.textContent === "What's on your mind?");
  const area = dialog.querySelector(`#${CSS.escape(label?.htmlFor ?? "")}`) as HTMLTextAreaElement;
  const submit = dialog.querySelector("button[type=submit]") as HTMLButtonElement;
  const counter = () => dialog.querySelector(".char-count")?.textContent;
  return { ...view, opener, dialog, area, submit, counter };
}

describe("Create a Post", () => {
  it("is a labelled dialog with a counter, a Visibility select and a submit disabled while invalid", async () => {
    const { dialog, area, submit, counter, unmount } = await openDialog();
    expect(document.activeElement === area).toBe(true);
    expect(document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      "Create a Post",
    );
    expect(dialog.open).toBe(true);
    const select = dialog.querySelector("select") as HTMLSelectElement;
    expect(dialog.querySelector(`label[for="${select.id}"]`)?.textContent).toBe("Visibility");
    expect(select.value).toBe("Public");
    expect([...select.options].map((o) => o.value)).toEqual(["Public", "Friends", "Private"]);
    expect(counter()).toBe("0/500");
    expect(submit.disabled).toBe(true);
    await typeText(area, "Great rolls tonight");
    expect(counter()).toBe("19/500");
    expect(submit.disabled).toBe(false);
    await typeText(area, "   ");
    expect(submit.disabled).toBe(true);
    await typeText(area, "a".repeat(501));
    expect(counter()).toBe("501/500");
    expect(submit.disabled).toBe(true);
    expect(area.getAttribute("aria-invalid")).toBe("true");
    expect(dialog.textContent).toContain(postMessages.contentTooLong);
    await typeText(area, "a".repeat(500));
    expect(submit.disabled).toBe(false);
    await unmount();
  });

  it("reads 'Posting...' while pending, then closes and puts the new post on top of the feed", async () => {
    const answer = deferred<Response>();
    calls = mockFetch({ "POST /api/posts": () => answer.promise });
    const { dialog, area, submit, container, opener, unmount } = await openDialog();
    await typeText(area, "Fresh post");
    (dialog.querySelector("select") as HTMLSelectElement).value = "Friends";
    await act(async () => {
      dialog.querySelector("select")?.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await click(submit);
    await wait(10);
    expect(submit.textContent).toBe(postMessages.posting);
    expect(submit.disabled).toBe(true);
    answer.resolve(Response.json(postView(2, { content: "Fresh post", visibility: "Friends" })));
    await wait(30);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      content: "Fresh post",
      photos: [],
      visibility: "Friends",
    });
    expect(document.querySelector("dialog")).toBeNull();
    const cards = [...container.querySelectorAll("article")];
    expect(cards.map((c) => c.dataset.postId)).toEqual(["2", "1"]);
    expect(cards[0]?.querySelector(".tag")?.textContent).toBe("Friends");
    expect(document.activeElement).toBe(opener);
    await unmount();
  });

  it("says 'Failed to create post' and keeps the text when the server refuses", async () => {
    calls = mockFetch({ "POST /api/posts": () => new Response("", { status: 500 }) });
    const { dialog, area, submit, unmount } = await openDialog();
    await typeText(area, "Will fail");
    await click(submit);
    await wait(30);
    expect(toastTexts()).toEqual([postMessages.createFailed]);
    expect(dialog.open).toBe(true);
    expect(area.value).toBe("Will fail");
    expect(submit.disabled).toBe(false);
    await unmount();
  });

  it("opens Upload Photos over it, and Escape closes only that one", async () => {
    const { dialog, unmount } = await openDialog();
    const add = [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Add photos");
    await click(add as HTMLButtonElement);
    const dialogs = [...document.querySelectorAll("dialog")];
    expect(dialogs).toHaveLength(2);
    const upload = dialogs[1] as HTMLDialogElement;
    expect(upload.querySelector("h2")?.textContent).toBe("Upload Photos");
    const input = upload.querySelector("input[type=file]") as HTMLInputElement;
    expect(input.accept).toBe("image/*");
    expect(input.multiple).toBe(true);
    expect(upload.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Choose photos");
    // Issue 23: the native input (and its "No file chosen") is hidden; its label is the button.
    expect(input.classList.contains("visually-hidden")).toBe(true);
    expect(upload.querySelector(`label[for="${input.id}"]`)?.classList.contains("button")).toBe(true);
    await act(async () => {
      upload.close();
    });
    expect(document.querySelectorAll("dialog")).toHaveLength(1);
    expect(dialog.open).toBe(true);
    await unmount();
  });

  it("uploads the photos chosen in Upload Photos, skipping what breaks the rules", async () => {
    calls = mockFetch({
      "POST /api/objects/upload": () => Response.json({ uploadURL: "/uploads/t1" }),
      "PUT /uploads/t1": () => new Response(null, { status: 200 }),
      "PUT /api/posts/photos": () => Response.json({ normalizedPaths: ["/photos/p-a.webp"] }),
      "POST /api/posts": () => Response.json(postView(2, { photos: ["/photos/p-a.webp"] })),
    });
    const { dialog, area, submit, container, unmount } = await openDialog();
    await typeText(area, "With a photo");
    await click(buttonNamed(dialog, "Add photos") as Element);
    const upload = document.querySelectorAll("dialog")[1] as HTMLDialogElement;
    const input = upload.querySelector("input[type=file]") as HTMLInputElement;
    expect(document.activeElement === input).toBe(true);
    const chosen = [file("a.jpg", "image/jpeg"), file("notes.txt", "text/plain"), file("b.png", "image/png")];
    Object.defineProperty(input, "files", { value: chosen, configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(upload.querySelectorAll(".photo-preview")).toHaveLength(2);
    await click(buttonNamed(upload, "Remove photo 2 (b.png)") as Element);
    expect(upload.querySelectorAll(".photo-preview")).toHaveLength(1);
    await click(buttonNamed(upload, "Done") as Element);
    expect(dialog.querySelectorAll(".photo-preview")).toHaveLength(1);
    await click(submit);
    await wait(30);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST /api/objects/upload",
      "PUT /uploads/t1",
      "PUT /api/posts/photos",
      "POST /api/posts",
    ]);
    expect(calls.at(-1)?.body).toMatchObject({ photos: ["/photos/p-a.webp"] });
    expect(container.querySelector("article .post-photos-1 img")?.getAttribute("src")).toBe(
      "/photos/p-a.webp",
    );
    await unmount();
  });
});

describe("photos for a post", () => {
  it("skips non-images, files over 10 MB and files beyond the fourth, silently", () => {
    const a = file("a.jpg", "image/jpeg");
    const kept = acceptPhotos(
      [a],
      [
        file("notes.pdf", "application/pdf"),
        file("big.png", "image/png", POST_PHOTO_MAX_BYTES + 1),
        file("edge.png", "image/png", POST_PHOTO_MAX_BYTES),
        file("b.webp", "image/webp"),
        file("c.gif", "image/gif"),
        file("d.jpg", "image/jpeg"),
      ],
    );
    expect(kept.map((f) => f.name)).toEqual(["a.jpg", "edge.png", "b.webp", "c.gif"]);
    expect(acceptPhotos(kept, [file("e.jpg", "image/jpeg")])).toHaveLength(4);
  });

  it("uploads each file with its type, then asks for the normalised paths", async () => {
    let n = 0;
    calls = mockFetch({
      "POST /api/objects/upload": () => Response.json({ uploadURL: `/uploads/t${++n}` }),
      "PUT /uploads/t1": () => new Response(null, { status: 200 }),
      "PUT /uploads/t2": () => new Response(null, { status: 200 }),
      "PUT /api/posts/photos": () =>
        Response.json({ normalizedPaths: ["/photos/p-a.webp", "/photos/p-b.webp"] }),
    });
    const paths = await uploadPostPhotos([file("a.jpg", "image/jpeg"), file("b.png", "image/png")]);
    expect(paths).toEqual(["/photos/p-a.webp", "/photos/p-b.webp"]);
    expect(calls.at(-1)).toEqual({
      method: "PUT",
      url: "/api/posts/photos",
      body: { photoURLs: ["/uploads/t1", "/uploads/t2"] },
    });
  });

  it("names the failing step: 'Upload failed: {status text}' or the processing error", async () => {
    calls = mockFetch({
      "POST /api/objects/upload": () => Response.json({ uploadURL: "/uploads/t1" }),
      "PUT /uploads/t1": () => new Response(null, { status: 403, statusText: "Forbidden" }),
    });
    await expect(uploadPostPhotos([file("a.jpg", "image/jpeg")])).rejects.toThrow(
      postMessages.uploadFailed("Forbidden"),
    );
    calls = mockFetch({
      "POST /api/objects/upload": () => Response.json({ uploadURL: "/uploads/t1" }),
      "PUT /uploads/t1": () => new Response(null, { status: 200 }),
      "PUT /api/posts/photos": () => new Response("", { status: 500 }),
    });
    await expect(uploadPostPhotos([file("a.jpg", "image/jpeg")])).rejects.toThrow(
      postMessages.uploadProcessFailed,
    );
  });
});
