import { useState } from "react";
import type { BadgeProgress } from "../badges/queries/badges";
import { LocationHelpDialog } from "../home/LocationHelpDialog";
import { BadgeProgressPanel } from "./BadgeProgressPanel";
import { KeepPrivateToggle } from "./KeepPrivateToggle";
import { LocationStatus } from "./LocationStatus";
import { useFeedLocation } from "./use-feed-location";

export interface FeedProgressProps {
  /** The member's badge progress from the server (null: the panel loads it). */
  progress: BadgeProgress | null;
  shareBadgeProgressPublic: boolean;
}

/** Feed column 1 (spec §2): location status, badge progress, and 'keep private'. */
export function FeedProgressColumn({ progress, shareBadgeProgressPublic }: FeedProgressProps) {
  const location = useFeedLocation();
  const [help, setHelp] = useState(false);
  return (
    <>
      <LocationStatus state={location} onHelp={() => setHelp(true)} />
      {help && <LocationHelpDialog onClose={() => setHelp(false)} />}
      <BadgeProgressPanel initial={progress} />
      <div className="card">
        <KeepPrivateToggle shareBadgeProgressPublic={shareBadgeProgressPublic} />
      </div>
    </>
  );
}
