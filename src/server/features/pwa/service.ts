import { localDateAt } from "../../../common/schedule/open-now";
import { OFFLINE_DAYS, OFFLINE_GYMS_MAX, type OfflineSaved } from "../../../common/schemas/pwa";
import type { Db } from "../../../db/client";
import { listFavorites } from "../favorites/service";
import { addDays, listOccurrences } from "../schedule-exceptions/service";

/**
 * GET /api/offline/saved: the member's saved gyms (newest saved first, at most
 * OFFLINE_GYMS_MAX) with their next OFFLINE_DAYS days of occurrences, from the one read model
 * of a schedule. The service worker keeps the answer for reading offline; online it is always
 * asked again.
 */
export async function offlineSaved(deps: { db: Db; now: () => Date }, userId: number): Promise<OfflineSaved> {
  const now = deps.now();
  const { items, total } = await listFavorites(deps.db, userId, { limit: OFFLINE_GYMS_MAX, offset: 0 });
  const schools = items.flatMap(({ school }) => (school ? [school] : []));
  const gyms = await Promise.all(
    schools.map(async (school) => {
      const from = localDateAt(now, school.timeZone);
      const { occurrences } = await listOccurrences({ db: deps.db, now: () => now }, school.id, {
        from,
        to: addDays(from, OFFLINE_DAYS - 1),
      });
      return {
        id: school.id,
        slug: school.slug,
        gym: school.gym,
        city: school.city,
        state: school.state,
        timeZone: school.timeZone,
        occurrences,
      };
    }),
  );
  return { savedAt: now.toISOString(), gyms, total };
}
