import { useId } from "react";
import type { RecentCheckins } from "../../common/schemas/checkins";
import { useRecentCheckins } from "../checkins/queries/checkins";
import { PastCheckinsPanel } from "./PastCheckinsPanel";
import { type SavedSchool, SavedSchoolsPanel } from "./SavedSchoolsPanel";
import { PhonePanel, SummaryTile, SummaryTiles, usePhonePanels } from "./SummaryTiles";

export interface FeedSavedProps {
  savedSchools: SavedSchool[];
  /** The member's newest check-ins and their count from the server (null: the panel loads them). */
  checkins: RecentCheckins | null;
}

/**
 * Feed column 2 (spec §2): collapsible Saved Schools and Past Check-ins; on a phone, their
 * tiles of the summary above the feed, each opening its panel.
 */
export function FeedSavedColumn({ savedSchools, checkins }: FeedSavedProps) {
  const panels = usePhonePanels<"saved" | "checkins">();
  const id = useId();
  // The panel's own query: the tile counts every check-in, not only the few the panel lists.
  const recent = useRecentCheckins(checkins ?? undefined).data;
  return (
    <>
      <SummaryTiles label="Your gyms">
        <SummaryTile
          label="Saved"
          value={savedSchools.length}
          panelId={`${id}-saved`}
          open={panels.isOpen("saved")}
          onToggle={() => panels.toggle("saved")}
        />
        <SummaryTile
          label="Check-ins"
          value={recent ? recent.total : "…"}
          panelId={`${id}-checkins`}
          open={panels.isOpen("checkins")}
          onToggle={() => panels.toggle("checkins")}
        />
      </SummaryTiles>
      <PhonePanel id={`${id}-saved`} open={panels.isOpen("saved")}>
        <SavedSchoolsPanel schools={savedSchools} />
      </PhonePanel>
      <PhonePanel id={`${id}-checkins`} open={panels.isOpen("checkins")}>
        <PastCheckinsPanel initial={checkins} />
      </PhonePanel>
    </>
  );
}
