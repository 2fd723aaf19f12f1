import { describe, expect, it } from "bun:test";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import { PREVIEW_DEBOUNCE_MS, SchedulePreview } from "./SchedulePreview";
import { submitTexts } from "./texts";

withDom();

async function preview(text: string) {
  const view = await render(<SchedulePreview id="preview" text={text} />);
  await wait(PREVIEW_DEBOUNCE_MS + 50);
  const shown = view.container.querySelector("[aria-live=polite]")?.textContent ?? "";
  await view.unmount();
  return shown;
}

describe("SchedulePreview", () => {
  it("shows monthly sessions and days with no time listed as the listing will, with nothing to check", async () => {
    const shown = await preview("1st & 3rd Sat 11am-1pm; Sundays (call for times)");
    expect(shown).toContain("1st & 3rd Sat 11:00 AM–1:00 PM");
    expect(shown).toContain("Sun (time not listed)");
    expect(shown).not.toContain(submitTexts.previewReview);
    expect(shown).not.toContain(submitTexts.previewUnreadable);
  });

  it("lists a time whose am/pm was chosen, and holds back what cannot be placed", async () => {
    const shown = await preview("Sat 11-1; every other Sunday 10am");
    expect(shown).toContain("Sat 11:00 AM–1:00 PM");
    expect(shown).toContain('"11-1": am or pm is not written; read as 11:00 AM–1:00 PM');
    expect(shown).toContain(`${submitTexts.previewUnparsed} “every other Sunday 10am”`);
    expect(shown).toContain("every other week cannot be placed");
  });
});
