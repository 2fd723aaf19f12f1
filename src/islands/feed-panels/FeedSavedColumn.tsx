import type { CheckinView } from "../../common/schemas/checkins";
import { PastCheckinsPanel } from "./PastCheckinsPanel";
import { type SavedSchool, SavedSchoolsPanel } from "./SavedSchoolsPanel";

export interface FeedSavedProps {
  savedSchools: SavedSchool[];
  /** The member's check-ins from the server (null: the panel loads them). */
  checkins: CheckinView[] | null;
}

/** Feed column 2 (spec §2): collapsible Saved Schools and Past Check-ins. */
export function FeedSavedColumn({ savedSchools, checkins }: FeedSavedProps) {
  return (
    <>
      <SavedSchoolsPanel schools={savedSchools} />
      <PastCheckinsPanel initial={checkins} />
    </>
  );
}
