import { homeTexts } from "../../common/home-texts";
import { formatTime } from "../../common/schedule/format";
import { goingTexts, type TonightItem } from "../../common/schemas/going";
import { GoingControl } from "./GoingControl";

interface TonightListProps {
  /** Undefined while loading (or before the page is interactive). */
  items: TonightItem[] | undefined;
  isError: boolean;
  /** False when neither the visitor's position nor a searched place is known. */
  located: boolean;
  /** Where the distances are measured from; without it none is shown (issue 23). */
  from?: string | null;
  signedIn: boolean;
  onOpenSchool(id: number): void;
}

/** "in 45 min", "in 2 h 10 min": how soon, judged in the browser (the list is only ever drawn there). */
function inWords(startsAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(startsAt) - Date.now()) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours ? `in ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}` : `in ${minutes} min`;
}

/**
 * The home screen's Tonight (issue 22): open mats near the visitor starting in the next 6
 * hours, soonest first, each with its gym's local start, how soon, the distance, and 'I'm
 * going' with how many are.
 */
export function TonightList({
  items,
  isError,
  located,
  from = null,
  signedIn,
  onOpenSchool,
}: TonightListProps) {
  if (!located) return <p className="sheet-empty">{goingTexts.tonightWhere}</p>;
  if (isError) return <p className="sheet-empty">{goingTexts.tonightFailed}</p>;
  if (!items) return <p className="sheet-empty">{goingTexts.tonightLoading}</p>;
  if (!items.length) return <p className="sheet-empty">{goingTexts.tonightEmpty}</p>;
  return (
    <ul className="school-list tonight-list">
      {items.map((o) => {
        const time = `${formatTime(o.start)}${o.end === null ? "" : `–${formatTime(o.end)}`}`;
        const slot = { date: o.date, startMinute: o.startMinute };
        return (
          <li key={`${o.school.id} ${o.date}@${o.startMinute}`} className="school-item tonight-item">
            <a
              className="school-name"
              href={`/schools/${o.school.slug}`}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                  return;
                event.preventDefault();
                onOpenSchool(o.school.id);
              }}
            >
              {o.school.gym}
            </a>
            <span className="school-place">{`${o.school.city}, ${o.school.state}`}</span>
            <span className="school-schedule">{`${time} (${inWords(o.startsAt)})`}</span>
            {from && <span className="school-distance">{homeTexts.distanceFrom(o.distance, from)}</span>}
            <GoingControl
              schoolId={o.school.id}
              slot={slot}
              initial={{ count: o.goingCount, viewerGoing: o.viewerGoing ?? null }}
              signedIn={signedIn}
              label={`${o.school.gym}, ${time}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
