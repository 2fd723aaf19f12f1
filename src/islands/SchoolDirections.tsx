import { directionsUrl } from "../common/directions";
import { sendListingBeacon } from "./home/listing-beacon";

export interface SchoolDirectionsProps {
  schoolId: number;
  address: string;
}

/**
 * The school page's 'Get directions · View on Map': plain links (they work without JS), and
 * once hydrated a tap on the directions is counted for the school's owners (issue 21).
 */
export default function SchoolDirections({ schoolId, address }: SchoolDirectionsProps) {
  return (
    <p>
      <a
        href={directionsUrl(address)}
        rel="noopener noreferrer"
        target="_blank"
        onClick={() => sendListingBeacon(schoolId, "directions")}
      >
        Get directions
      </a>
      {" · "}
      <a href={`/?school=${schoolId}`}>View on Map</a>
    </p>
  );
}
