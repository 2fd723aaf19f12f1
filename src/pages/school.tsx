import { formatNextStart, formatTime } from "../common/schedule/format";
import type { Occurrence } from "../common/schedule/occurrences";
import type { OpenMatStatus } from "../common/schedule/open-now";
import { goingTexts, type SchoolPageGoing, slotOf } from "../common/schemas/going";
import type { ReviewsPage } from "../common/schemas/ratings";
import { exceptionTexts, shortDateLabel as shortDate } from "../common/schemas/schedule-exceptions";
import { scheduleReviewTexts } from "../common/schemas/schedule-review";
import type { SchoolView } from "../common/schemas/school";
import { breadcrumbLd } from "../common/structured-data";
import { schoolLd } from "../common/structured-data-school";
import { CommunityNotes } from "../islands/home/CommunityNotes";
import { CheckWithGym, SessionList } from "../islands/home/SchoolSchedule";
import { VisitorRulesSection } from "../islands/home/VisitorRules";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

/** "10:00 AM–12:00 PM", or "time not listed". */
const timeText = (start: number | null, end: number | null) =>
  start === null
    ? scheduleReviewTexts.timeNotListed
    : `${formatTime(start)}${end === null ? "" : `–${formatTime(end)}`}`;

function StatusLine({ status, timeZone }: { status: OpenMatStatus; timeZone: string }) {
  if (status.current) {
    return (
      <p className="status status-open">
        {`Open mat now (started ${formatTime(status.current.start)})`}
        <CheckWithGym reasons={status.current.session.review ?? []} />
      </p>
    );
  }
  if (status.next) {
    return (
      <p className="status">
        {`Next open mat: ${formatNextStart(status.next.startsAt, timeZone)}`}
        <CheckWithGym reasons={status.next.session.review ?? []} />
      </p>
    );
  }
  return <p className="status muted">No upcoming open mat on the schedule.</p>;
}

/** 'I'm going' and the count (issue 22) for a scheduled, timed open mat: an island per line. */
function GoingOn({ o, schoolId, signedIn, going }: GoingOnProps) {
  const slot = slotOf(o);
  if (!slot || o.status !== "scheduled" || o.startsAt === null) return null;
  const props = {
    schoolId,
    slot,
    count: going.counts[o.key] ?? 0,
    viewerGoing: going.mine === null ? null : going.mine.includes(o.key),
    signedIn,
    label: `${shortDate(o.date)}, ${timeText(o.start, o.end)}`,
    started: Date.parse(o.startsAt) <= going.now,
  };
  return <Island name="GoingToggle" props={props} />;
}
type GoingOnProps = { o: Occurrence; schoolId: number; signedIn: boolean; going: SchoolPageGoing };

/**
 * The next four weeks, one dated open mat a line; a cancelled one says so in words, with why,
 * and a moved one says where it moved from. Each says how many are going, with 'I'm going'.
 */
function UpcomingOccurrences({
  occurrences,
  going,
  ...on
}: {
  occurrences: readonly Occurrence[];
  going?: SchoolPageGoing;
  schoolId: number;
  signedIn: boolean;
}) {
  return (
    <section aria-labelledby="upcoming">
      <h2 id="upcoming">{exceptionTexts.nextWeeks}</h2>
      {!!going?.wentLastWeek && <p className="going-went">{goingTexts.wentLastWeek(going.wentLastWeek)}</p>}
      {occurrences.length === 0 ? (
        <p className="muted">{exceptionTexts.noneUpcoming}</p>
      ) : (
        <ul className="occurrences">
          {occurrences.map((o) => {
            const time = timeText(o.start, o.end);
            const cancelled = o.status === "cancelled";
            return (
              <li key={o.key} className={cancelled ? "occurrence occurrence-cancelled" : "occurrence"}>
                <time dateTime={o.startsAt ?? o.date}>{`${shortDate(o.date)}, ${time}`}</time>
                {cancelled && (
                  <>
                    {" "}
                    <strong className="occurrence-status">{exceptionTexts.cancelled}</strong>
                    {o.reason ? `: ${o.reason}` : ""}
                  </>
                )}
                {o.movedFrom && (
                  <>
                    {" "}
                    <strong className="occurrence-status">{scheduleReviewTexts.moved}</strong>
                    {` from ${shortDate(o.movedFrom.date)}, ${timeText(o.movedFrom.start, null)}`}
                    {o.reason ? `: ${o.reason}` : ""}
                  </>
                )}
                {going && <GoingOn o={o} going={going} {...on} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function schoolPage(
  publicUrl: string,
  school: SchoolView,
  status: OpenMatStatus,
  {
    signedIn,
    confirmed,
    upcoming,
    reviews = { reviews: [], nextBeforeId: null },
    going,
  }: {
    signedIn: boolean;
    confirmed: string | null;
    upcoming: readonly Occurrence[];
    /** Who is going to the four weeks' open mats, and who went last week (issue 22). */
    going?: SchoolPageGoing;
    /** The first page of reviews, newest first (issue 22). */
    reviews?: ReviewsPage;
  },
): RenderInput {
  const place = `${school.city}, ${school.state}`;
  const listed = school.sessions.length > 0 || (school.untimed?.length ?? 0) > 0;
  return {
    meta: {
      title: `${school.gym} Open Mat Schedule | ${place} | OpenMat`,
      description: `Open mat schedule for ${school.gym} in ${place}: ${school.dayAndTime}`.slice(0, 300),
      canonicalPath: `/schools/${school.slug}`,
      jsonLd: [
        schoolLd(publicUrl, school, upcoming, reviews.reviews),
        breadcrumbLd(publicUrl, [
          { name: "Open Mats", path: "/" },
          { name: place, path: `/?search=${encodeURIComponent(place)}` },
          { name: school.gym, path: `/schools/${school.slug}` },
        ]),
      ],
    },
    body: (
      <article className="page narrow school-page">
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <a href="/">Open Mats</a> › <a href={`/?search=${encodeURIComponent(place)}`}>{place}</a>
        </nav>
        <h1>{school.gym}</h1>
        <StatusLine status={status} timeZone={school.timeZone} />
        <Island name="SchoolCheckIn" props={{ schoolId: school.id, signedIn }} />
        <section aria-labelledby="where">
          <h2 id="where">Where</h2>
          <p>{school.address}</p>
          <Island name="SchoolDirections" props={{ schoolId: school.id, address: school.address }} />
          {school.phone && <p>{`Phone: ${school.phone}`}</p>}
        </section>
        <section aria-labelledby="schedule">
          <h2 id="schedule">Open Mat schedule</h2>
          {listed ? (
            <SessionList sessions={school.sessions} untimed={school.untimed} />
          ) : (
            <p>
              {school.noOpenMat
                ? "No public open mat."
                : "The schedule could not be read; see the gym's own text."}
            </p>
          )}
          <p className="muted">{`As the gym writes it: ${school.dayAndTime}`}</p>
          <p className="muted">{`Times are local to the gym (${school.timeZone}).`}</p>
          {confirmed && <p className="school-confirmed">{confirmed}</p>}
          <p>
            <a href={`/schools/${school.slug}.ics`}>Add to calendar</a>
          </p>
        </section>
        <VisitorRulesSection rules={school.visitorRules} headingId="before-you-go" level="h2" />
        {listed && (
          <UpcomingOccurrences
            occurrences={upcoming}
            going={going}
            schoolId={school.id}
            signedIn={signedIn}
          />
        )}
        <section aria-labelledby="details">
          <h2 id="details">Details</h2>
          <p>
            {school.website ? (
              <a href={school.website} rel="noopener noreferrer nofollow" target="_blank">
                {school.website}
              </a>
            ) : (
              "No website available"
            )}
          </p>
          <p>{school.communityNotes || "No community notes available."}</p>
          {school.rating !== null && (
            <p>{`Rating ${school.rating.toFixed(1)} (${school.reviewCount} ${school.reviewCount === 1 ? "review" : "reviews"})`}</p>
          )}
        </section>
        <CommunityNotes notes={school.feedbackNotes} headingId="community-notes" level="h2" />
        <Island
          name="SchoolReviews"
          props={{
            schoolId: school.id,
            gym: school.gym,
            timeZone: school.timeZone,
            signedIn,
            initial: reviews,
          }}
        />
        <Island
          name="ManageGym"
          props={{ schoolId: school.id, slug: school.slug, gym: school.gym, signedIn }}
        />
      </article>
    ),
  };
}
