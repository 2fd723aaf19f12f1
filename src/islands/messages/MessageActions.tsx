import { useState } from "react";
import { MenuButton } from "../lib/MenuButton";
import { ReportDialog } from "../reports/ReportDialog";

export const MESSAGE_ACTIONS = "Message actions";

/**
 * The '⋯' menu on another member's message (issue 23: not a 'Report' button on every bubble):
 * 'Report' opens the report dialog, titled for whom it reports; focus goes back to the menu's
 * button when the dialog closes. The button is described by the message's text.
 */
export function MessageActions({
  messageId,
  username,
  bodyId,
}: {
  messageId: number;
  username: string;
  bodyId: string;
}) {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <MenuButton
        label={MESSAGE_ACTIONS}
        describedBy={bodyId}
        className="message-actions"
        items={[{ label: "Report", onSelect: () => setReporting(true) }]}
      />
      {reporting && (
        <ReportDialog
          kind="message"
          id={messageId}
          title={`Report message from @${username}`}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
