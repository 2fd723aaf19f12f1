import { Collapsible } from "./Collapsible";

/** A saved school as the feed lists it: name, city and its page. */
export interface SavedSchool {
  schoolId: number;
  name: string;
  city: string | null;
  slug: string;
}

/** Feed column 2: the member's saved schools, newest first, each linking to its page. */
export function SavedSchoolsPanel({ schools }: { schools: SavedSchool[] }) {
  return (
    <Collapsible title="Saved Schools">
      {schools.length === 0 ? (
        <p className="muted">
          No saved schools yet. <a href="/">Find an open mat on the map</a> and save it.
        </p>
      ) : (
        <ul className="saved-gyms">
          {schools.map((s) => (
            <li key={s.schoolId}>
              <a href={`/schools/${s.slug}`}>{s.name}</a>
              {s.city && <span className="muted"> · {s.city}</span>}
            </li>
          ))}
        </ul>
      )}
    </Collapsible>
  );
}
