import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { showToast } from "../../client/toast";
import { settingsMessages } from "../../common/schemas/settings";
import { apiRequest, failureText } from "../lib/api";

/**
 * Feed column 1: 'keep private' for the badge progress (PATCH /api/settings
 * {shareBadgeProgressPublic}). It flips at once and flips back if the server refuses.
 */
export function KeepPrivateToggle({ shareBadgeProgressPublic }: { shareBadgeProgressPublic: boolean }) {
  const [shared, setShared] = useState(shareBadgeProgressPublic);
  const id = useId();
  const save = useMutation({
    mutationKey: ["settings", "shareBadgeProgressPublic"],
    mutationFn: (next: boolean) => apiRequest("PATCH", "/api/settings", { shareBadgeProgressPublic: next }),
    onMutate: (next) => {
      const before = shared;
      setShared(next);
      return { before };
    },
    onError: (error, _next, context) => {
      if (context) setShared(context.before);
      showToast({
        title: "Error",
        description: failureText(error, settingsMessages.failed),
        variant: "destructive",
      });
    },
    onSuccess: () => showToast({ title: "Settings saved", description: settingsMessages.saved }),
  });
  return (
    <div className="keep-private">
      <input
        id={id}
        type="checkbox"
        checked={!shared}
        aria-describedby={`${id}-hint`}
        aria-disabled={save.isPending}
        onChange={(event) => {
          if (!save.isPending) save.mutate(!event.currentTarget.checked);
        }}
      />
      <label htmlFor={id}>Keep my badge progress private</label>
      <p id={`${id}-hint`} className="muted">
        {shared ? "Others can see your badge progress." : "Only you can see your badge progress."}
      </p>
    </div>
  );
}
