import { useId, useState } from "react";
import { BadgeIcon } from "../badges/icons/BadgeIcon";
import { type BadgeProgress, nextClosest, useBadgeProgress } from "../badges/queries/badges";
import { LocationHelpDialog } from "../home/LocationHelpDialog";
import { BadgeProgressPanel } from "./BadgeProgressPanel";
import { KeepPrivateToggle } from "./KeepPrivateToggle";
import { type LocationState, LocationStatus } from "./LocationStatus";
import { PhonePanel, SummaryTile, SummaryTiles, usePhonePanels } from "./SummaryTiles";
import { useFeedLocation } from "./use-feed-location";

export interface FeedProgressProps {
  /** The member's badge progress from the server (null: the panel loads it). */
  progress: BadgeProgress | null;
  shareBadgeProgressPublic: boolean;
}

/** The Location tile's word for each state (the panel says it in full). */
export const locationTileTexts = {
  loading: "…",
  gps: "Precise",
  ip: "Approx.",
  denied: "Off",
  error: "Unknown",
} as const;

const locationTile = (state: LocationState) =>
  state.kind === "ip" && state.city ? state.city : locationTileTexts[state.kind];

/**
 * Feed column 1 (spec §2): location status, badge progress, and 'keep private'; on a phone, the
 * Location and Badges tiles of the summary above the feed, each opening its panel.
 */
export function FeedProgressColumn({ progress, shareBadgeProgressPublic }: FeedProgressProps) {
  const location = useFeedLocation();
  const [help, setHelp] = useState(false);
  const panels = usePhonePanels<"location" | "badges">();
  const id = useId();
  // The panel's own query: the tile reads what the panel shows.
  const badges = useBadgeProgress(true, progress ?? undefined).data;
  const next = badges ? nextClosest(badges)[0] : undefined;
  return (
    <>
      <SummaryTiles label="Your progress">
        <SummaryTile
          label="Location"
          value={locationTile(location)}
          panelId={`${id}-location`}
          open={panels.isOpen("location")}
          onToggle={() => panels.toggle("location")}
        />
        <SummaryTile
          label="Badges"
          value={!badges ? "…" : next ? `${next.percent}%` : badges.totalCheckins}
          icon={next && <BadgeIcon code={next.code} size={20} />}
          panelId={`${id}-badges`}
          open={panels.isOpen("badges")}
          onToggle={() => panels.toggle("badges")}
        />
      </SummaryTiles>
      <PhonePanel id={`${id}-location`} open={panels.isOpen("location")}>
        <LocationStatus state={location} onHelp={() => setHelp(true)} />
      </PhonePanel>
      {help && <LocationHelpDialog onClose={() => setHelp(false)} />}
      <PhonePanel id={`${id}-badges`} open={panels.isOpen("badges")}>
        <BadgeProgressPanel initial={progress} />
        <div className="card">
          <KeepPrivateToggle shareBadgeProgressPublic={shareBadgeProgressPublic} />
        </div>
      </PhonePanel>
    </>
  );
}
