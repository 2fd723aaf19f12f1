import { useEffect } from "react";
import { directionsUrl } from "../../common/directions";
import { type SchoolSummary, toSchoolSummary } from "../../common/home";
import { homeTexts } from "../../common/home-texts";
import { CheckInButton } from "../checkins/CheckInButton";
import { UpcomingGoing } from "../going/UpcomingGoing";
import { RateGym } from "../ratings/RateGym";
import { CommunityNotes } from "./CommunityNotes";
import { FavoriteButton } from "./FavoriteButton";
import { sendListingBeacon } from "./listing-beacon";
import { ManageGymButton } from "./ManageGymButton";
import { Modal } from "./Modal";
import { ProvenanceLine } from "./ProvenanceLine";
import { useSchool } from "./queries/school";
import { OpenMatStatusLine, SchoolSchedule } from "./SchoolSchedule";
import { VisitorRulesSection } from "./VisitorRules";

interface SchoolDetailDialogProps {
  schoolId: number;
  /** What the list already knows, shown while the details load. */
  known: SchoolSummary | null;
  signedIn: boolean;
  onClose(): void;
  onViewOnMap(school: SchoolSummary): void;
}

/** Spec §2 "school detail dialog". */
export function SchoolDetailDialog({
  schoolId,
  known,
  signedIn,
  onClose,
  onViewOnMap,
}: SchoolDetailDialogProps) {
  const details = useSchool(schoolId);
  // A detail open, counted for the school's owners once per page load.
  useEffect(() => sendListingBeacon(schoolId, "detail"), [schoolId]);
  const school = details.data ? toSchoolSummary(details.data) : known;
  const titleId = `school-${schoolId}-title`;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="school-dialog">
      <h2 id={titleId}>{school?.gym ?? (details.isError ? "School not found" : "Loading…")}</h2>
      {school && (
        <>
          <OpenMatStatusLine school={school} />
          <section aria-label="Address">
            <p className="school-address">{school.address}</p>
            <a
              href={directionsUrl(school.address)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => sendListingBeacon(schoolId, "directions")}
            >
              {homeTexts.getDirections}
            </a>
          </section>
          <section aria-labelledby={`${titleId}-schedule`}>
            <h3 id={`${titleId}-schedule`}>Open Mat schedule</h3>
            <SchoolSchedule school={school} />
            <ProvenanceLine provenance={school.provenance} />
          </section>
          <UpcomingGoing schoolId={schoolId} signedIn={signedIn} max={3} />
          <VisitorRulesSection rules={school.visitorRules} headingId={`${titleId}-rules`} level="h3" />
          <section aria-labelledby={`${titleId}-about`}>
            <h3 id={`${titleId}-about`}>About</h3>
            {details.data ? (
              <>
                <p>
                  {details.data.website ? (
                    <a href={details.data.website} target="_blank" rel="noopener noreferrer nofollow">
                      {details.data.website}
                    </a>
                  ) : (
                    homeTexts.noWebsite
                  )}
                </p>
                <p>{details.data.communityNotes || homeTexts.noNotes}</p>
              </>
            ) : (
              <p className="muted">{details.isError ? "Details could not be loaded." : "Loading details…"}</p>
            )}
          </section>
          <CommunityNotes notes={details.data?.feedbackNotes} headingId={`${titleId}-notes`} level="h3" />
          <RateGym schoolId={schoolId} gym={school.gym} signedIn={signedIn} />
          <div className="modal-actions">
            <CheckInButton schoolId={schoolId} signedIn={signedIn} />
            <FavoriteButton schoolId={schoolId} signedIn={signedIn} />
            <ManageGymButton schoolId={schoolId} slug={school.slug} gym={school.gym} signedIn={signedIn} />
            <button type="button" className="button button-ghost" onClick={() => onViewOnMap(school)}>
              {homeTexts.viewOnMap}
            </button>
            <a className="button button-ghost" href={`/schools/${school.slug}`}>
              School page
            </a>
          </div>
        </>
      )}
    </Modal>
  );
}
