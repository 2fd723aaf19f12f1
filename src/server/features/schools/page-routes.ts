import { Elysia } from "elysia";
import { provenanceText } from "../../../common/freshness";
import { expandOccurrences } from "../../../common/schedule/occurrences";
import { localDateAt, openMatStatus } from "../../../common/schedule/open-now";
import { OCCURRENCE_DEFAULT_DAYS } from "../../../common/schemas/schedule-exceptions";
import { TABLE_FAMILIES } from "../../../db/table-versions";
import { notFoundPage } from "../../../pages/not-found";
import { schoolPage } from "../../../pages/school";
import type { AppContext } from "../../context";
import { viewerFromSession } from "../../policy/guard";
import { createGuestPageCache } from "../../render/guest-page-cache";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import { goingOnPage } from "../going/service";
import { countListingEvent } from "../listing-stats/service";
import { firstReviews } from "../ratings/service";
import { addDays } from "../schedule-exceptions/service";
import { schoolCalendar } from "./ics";
import { currentSchoolsVersion } from "./schools-version";
import { getSchoolBySlug } from "./service";

const SCHOOL_PAGE_TABLES = [...TABLE_FAMILIES.social, ...TABLE_FAMILIES.schools];

const MAX_SLUG_PARAM = 120;

/** Server-rendered school pages and their calendars. */
export function schoolPageRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  const db = app.database.db;
  // A guest's school page is the same for every guest: kept per schools version and minute.
  const guestPages = createGuestPageCache({
    version: () => currentSchoolsVersion(db),
    now: app.now,
    maxPages: 2000,
  });
  return new Elysia({ name: "school-pages" }).use(session).get("/schools/:slug", async (ctx) => {
    // A slug that is too long or not valid percent-encoding names no school: the 404 page.
    const slug: unknown = ctx.params.slug;
    if (typeof slug !== "string" || slug.length > MAX_SLUG_PARAM) return render(ctx, notFoundPage());
    const calendar = slug.endsWith(".ics");
    const school = await getSchoolBySlug(db, slug.replace(/\.ics$/, ""));
    if (!school) return render(ctx, notFoundPage());
    // Counted for its owners whether the page comes from the guest cache or not (in memory,
    // written within seconds: a cached page still sends no statement).
    countListingEvent(db, school.id, calendar ? "calendar" : "view", app.now());
    if (calendar) {
      return new Response(schoolCalendar(school, app.env.PUBLIC_URL, app.now()), {
        headers: {
          "content-type": "text/calendar; charset=utf-8",
          "content-disposition": `attachment; filename="${school.slug}.ics"`,
          "cache-control": "public, max-age=3600",
        },
      });
    }
    const input = async () => {
      // Authors named as the policy lets this viewer see them (a guest's page is every guest's).
      const reviews = await firstReviews(db, viewerFromSession(ctx.session, app.env.ADMIN_EMAILS), school.id);
      const now = app.now();
      const exceptions = school.exceptions ?? [];
      const today = localDateAt(now, school.timeZone);
      // The next four weeks as dated open mats, cancelled ones kept (shown as cancelled, with why),
      // days with no time listed among them.
      const upcoming = expandOccurrences(
        [...school.sessions, ...(school.untimed ?? [])],
        exceptions,
        school.timeZone,
        today,
        addDays(today, OCCURRENCE_DEFAULT_DAYS - 1),
      );
      // Issue 22: how many go to each (a member's own too, never on a guest's page) and went last week.
      const going = await goingOnPage(
        db,
        school.id,
        { from: today, to: addDays(today, OCCURRENCE_DEFAULT_DAYS - 1) },
        ctx.session?.user.id ?? null,
        now,
      );
      return schoolPage(
        app.env.PUBLIC_URL,
        school,
        openMatStatus(school.sessions, school.timeZone, now, exceptions),
        {
          signedIn: !!ctx.session,
          confirmed: provenanceText(school.provenance, now),
          upcoming,
          going,
          reviews,
        },
      );
    };
    // A member's page (their own RSVPs on it) is kept for them until the listing, a member or a block changes.
    if (ctx.session) return render.forViewer(ctx, { tables: SCHOOL_PAGE_TABLES }, input);
    return guestPages(ctx.request, school.slug, async () => render(ctx, await input()));
  });
}
