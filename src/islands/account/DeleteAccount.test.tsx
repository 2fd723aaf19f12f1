import { describe, expect, it, mock } from "bun:test";
import { showFlashedToast } from "../../client/toast";
import { accountMessages } from "../../common/schemas/account";
import { accountDeletedToastTitle } from "../../common/schemas/privacy-texts";
import AccountSettings from "../AccountSettings";
import { withDom } from "../home/test-dom";
import { click, render, typeInto, wait } from "../home/test-render";
import {
  buttonNamed,
  jsonResponse as json,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";

withDom();
const api = withMockedFetch();

describe("deleting the account (issue 23: / says it was deleted)", () => {
  it("goes to / with the spec's 'Your account has been deleted.' waiting there as a toast", async () => {
    api.calls = mockFetch({
      "DELETE /api/account/delete": () => json({ message: accountMessages.accountDeleted }),
      "GET /api/users/blocked": () => json([]),
    });
    const assign = mock((_url: string) => {});
    const original = window.location.assign;
    window.location.assign = assign as unknown as typeof window.location.assign;
    try {
      const view = await render(
        <AccountSettings
          username="ana"
          email="ana@example.com"
          emailVerified={true}
          pendingEmail={null}
          emailUnreadMessages={true}
          showGoing="followers"
        />,
      );
      const dialog = view.container.querySelector<HTMLDialogElement>(
        'dialog[aria-labelledby="delete-confirm-title"]',
      ) as HTMLDialogElement;
      await click(buttonNamed(view.container, "Delete Account") as HTMLButtonElement);
      await typeInto(
        dialog.querySelector('input[name="currentPassword"]') as HTMLInputElement,
        "secret pass",
      );
      await click(buttonNamed(dialog, "Delete Account") as HTMLButtonElement);
      await wait(30);
      expect(api.calls.filter((c) => c.method === "DELETE")).toEqual([
        { method: "DELETE", url: "/api/account/delete", body: { currentPassword: "secret pass" } },
      ]);
      expect(assign.mock.calls).toEqual([["/"]]);
      // The next page (/) shows what was flashed.
      showFlashedToast();
      expect(toastTexts()).toEqual([`${accountDeletedToastTitle}${accountMessages.accountDeleted}`]);
      await view.unmount();
    } finally {
      window.location.assign = original;
    }
  });
});
