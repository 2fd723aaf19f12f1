import { homeTexts } from "../../common/home-texts";
import { type LocationStatus, locationLine } from "./use-location";

/**
 * Where finding the visitor stands, in place (issue 23): a short line in the list's head
 * instead of a toast over the screen; a refusal or failure keeps the spec's words and links
 * to the location help.
 */
export function LocationState({ status, onHelp }: { status: LocationStatus; onHelp(): void }) {
  const line = locationLine(status);
  return (
    <div className="location-state" data-status={status}>
      <span role="status" className="location-state-text">
        {line?.text}
      </span>
      {line?.help && (
        <button type="button" className="link-button" onClick={onHelp}>
          {homeTexts.locationHelp}
        </button>
      )}
    </div>
  );
}
