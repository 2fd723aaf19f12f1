import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { showToast } from "../../client/toast";
import { badgePrivacyTexts } from "../../common/schemas/privacy-texts";
import { settingsMessages } from "../../common/schemas/settings";
import { apiRequest, failureText } from "../lib/api";

/**
 * Feed column 1: 'keep private' for the badges. Others see a member's badges by showBadgeCount
 * (the profile's 'badge count' flag), so the toggle starts from that flag and sets both it and
 * its feed name, shareBadgeProgressPublic (PATCH /api/settings): its words are what others see.
 * It flips at once and flips back if the server refuses.
 */
export function KeepPrivateToggle({ shareBadgeProgressPublic }: { shareBadgeProgressPublic: boolean }) {
  const [shared, setShared] = useState(shareBadgeProgressPublic);
  const id = useId();
  const save = useMutation({
    mutationKey: ["settings", "shareBadgeProgressPublic"],
    mutationFn: (next: boolean) =>
      apiRequest("PATCH", "/api/settings", { shareBadgeProgressPublic: next, showBadgeCount: next }),
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
        {shared ? badgePrivacyTexts.ownerShared : badgePrivacyTexts.ownerPrivate}
      </p>
    </div>
  );
}
