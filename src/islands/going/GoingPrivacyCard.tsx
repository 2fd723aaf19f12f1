import { useId, useState } from "react";
import { showToast } from "../../client/toast";
import { goingTexts, type ShowGoing, showGoingChoices } from "../../common/schemas/going";
import { settingsMessages } from "../../common/schemas/settings";
import { apiRequest, failureText } from "../lib/api";

/**
 * The account page's privacy choice for going to open mats (PATCH /api/settings {showGoing}):
 * a labelled select that saves on change and goes back if the server refuses.
 */
export function GoingPrivacyCard({ showGoing }: { showGoing: ShowGoing }) {
  const [value, setValue] = useState(showGoing);
  const [pending, setPending] = useState(false);
  const id = useId();

  async function change(next: ShowGoing) {
    const before = value;
    setValue(next);
    setPending(true);
    try {
      await apiRequest("PATCH", "/api/settings", { showGoing: next });
      showToast({ title: goingTexts.showGoingTitle, description: settingsMessages.saved });
    } catch (error) {
      setValue(before);
      showToast({
        title: "Error",
        description: failureText(error, settingsMessages.failed),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="card going-privacy" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{goingTexts.showGoingTitle}</h2>
      <label htmlFor={id}>{goingTexts.showGoingLabel}</label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        aria-disabled={pending || undefined}
        onChange={(event) => {
          if (!pending) void change(event.currentTarget.value as ShowGoing);
        }}
      >
        {showGoingChoices.map((choice) => (
          <option key={choice} value={choice}>
            {goingTexts.showGoingNames[choice]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="muted">
        {goingTexts.showGoingHint}
      </p>
    </section>
  );
}
