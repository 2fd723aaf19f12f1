import { CheckInButton } from "./checkins/CheckInButton";
import { PageQueries } from "./users/PageQueries";

export interface SchoolCheckInProps {
  schoolId: number;
  signedIn: boolean;
}

/** The school page's Check In (spec §2, §4), sharing the page's query cache. */
export default function SchoolCheckIn(props: SchoolCheckInProps) {
  return (
    <PageQueries>
      <div className="school-checkin">
        <CheckInButton {...props} />
      </div>
    </PageQueries>
  );
}
