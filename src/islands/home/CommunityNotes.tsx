import type { CommunityNote } from "../../common/schemas/school";

const noteDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * The published notes of feedback an admin applied to the school, oldest first, each with
 * its date. Shared by the school page (server-rendered) and the home screen's detail dialog;
 * the text is rendered as text, never as markup.
 */
export function CommunityNotes({
  notes,
  headingId,
  level,
}: {
  notes: readonly CommunityNote[] | undefined;
  headingId: string;
  level: "h2" | "h3";
}) {
  if (!notes?.length) return null;
  const Heading = level;
  return (
    <section aria-labelledby={headingId} className="community-notes">
      <Heading id={headingId}>Community notes</Heading>
      <ul>
        {notes.map((note) => (
          <li key={`${note.at}-${note.text}`}>
            <p>{note.text}</p>
            <time className="muted" dateTime={note.at}>
              {noteDate.format(new Date(note.at))}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
