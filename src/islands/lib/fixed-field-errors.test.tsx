import { afterEach, describe, expect, it } from "bun:test";
import { schoolMessages } from "../../common/schemas/school";
import { CorrectSchoolDialog } from "../admin/CorrectSchoolDialog";
import type { FeedbackEntry } from "../admin/types";
import { withDom } from "../home/test-dom";
import { click, render, typeInto } from "../home/test-render";
import { mockFetch } from "../posts/test-fixtures";
import { SubmitOpenMatView } from "../SubmitOpenMat";
import { fieldLabels, submitTexts } from "../submit/texts";
import { stillWrong } from "./form";

withDom();

/** Issue 23: "The Submit and Correct school dialogs ... an error stays after the field is fixed." */
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
});

const errorOf = (dialog: HTMLElement, input: Element) => {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  const error = ids
    .map((id) => dialog.querySelector(`#${CSS.escape(id)}`))
    .find((el) => el?.matches(".field-error"));
  return { invalid: input.getAttribute("aria-invalid") === "true", text: error?.textContent ?? null };
};

describe("stillWrong", () => {
  it("keeps only the shown errors that are still wrong, with their newer texts", () => {
    expect(stillWrong({ gym: "a", address: "b" }, { address: "c", link: "d" })).toEqual({ address: "c" });
    expect(stillWrong({ gym: "a" }, {})).toEqual({});
  });
});

describe("Submit New Open Mat: a fixed field's error goes as it is fixed", () => {
  it("clears the gym's error on typing a name, keeps the address's, and flags nothing new", async () => {
    mockFetch({});
    const view = await render(<SubmitOpenMatView />);
    const opener = [...view.container.querySelectorAll("button")].find(
      (b) => b.textContent === submitTexts.title,
    );
    await click(opener as HTMLButtonElement);
    const dialog = view.container.querySelector("dialog") as HTMLDialogElement;
    const byLabel = (text: string) => {
      const label = [...dialog.querySelectorAll("label")].find((l) => l.textContent === text);
      return dialog.querySelector(`#${CSS.escape(label?.htmlFor ?? "")}`) as HTMLInputElement;
    };
    await click(dialog.querySelector("button[type=submit]") as HTMLButtonElement);
    const gym = byLabel(fieldLabels.gym);
    const address = byLabel(fieldLabels.address);
    expect(errorOf(dialog, gym)).toEqual({ invalid: true, text: schoolMessages.gymRequired });
    expect(errorOf(dialog, address).invalid).toBe(true);

    await typeInto(gym, "Gracie Barra Austin");
    expect(errorOf(dialog, gym)).toEqual({ invalid: false, text: null });
    expect(errorOf(dialog, address).invalid).toBe(true);

    // Emptied again: only the next submit says so, not the typing.
    await typeInto(gym, "");
    expect(errorOf(dialog, gym).invalid).toBe(false);
    await view.unmount();
  });
});

describe("Correct school: a fixed field's error goes as it is fixed", () => {
  const entry: FeedbackEntry = {
    id: 1,
    schoolId: 40,
    communityNotes: "",
    privateComments: "",
    submittedAt: "2026-11-02T18:30:00.000Z",
    schoolName: "Austin BJJ",
    address: "1 Main St, Austin, TX",
    city: "Austin",
    status: "open",
    decidedAt: null,
    decidedBy: null,
    notePublished: false,
    schoolSlug: "austin-bjj",
    dayAndTime: "Sat 10am",
    website: "https://austin.example/",
  };

  it("clears the gym's error on typing a name", async () => {
    const applied: unknown[] = [];
    const view = await render(
      <CorrectSchoolDialog
        entry={entry}
        pending={false}
        onApply={(c) => applied.push(c)}
        onClose={() => {}}
      />,
    );
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    const gym = dialog.querySelector("[name=gym]") as HTMLInputElement;
    await typeInto(gym, " ");
    await click(dialog.querySelector("button[type=submit]") as HTMLButtonElement);
    expect(errorOf(dialog, gym)).toEqual({ invalid: true, text: schoolMessages.gymRequired });

    await typeInto(gym, "Austin BJJ Academy");
    expect(errorOf(dialog, gym)).toEqual({ invalid: false, text: null });
    expect(dialog.querySelector(".field-error")).toBeNull();
    expect(applied).toEqual([]);
    await view.unmount();
  });
});
