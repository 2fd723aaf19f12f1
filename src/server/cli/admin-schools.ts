import type { Env } from "../env";
import { findSchoolByRef, removeSchool, schoolFootprint } from "../features/schools/removal";
import { AdminUsageError, when } from "./admin-users";
import { withDatabase } from "./schools";

const USAGE = "admin schools needs show ID|SLUG, or remove ID|SLUG [--yes]";

/**
 * `openmat admin schools show|remove ID|SLUG`: one listing from the terminal. Removing asks for
 * `--yes` after saying what goes with the school; the removal is audited (features/schools/removal.ts).
 */
export async function schoolsAdminCommand(env: Env, args: string[]): Promise<void> {
  const [action, ref, ...rest] = args;
  const yes = rest.length === 1 && rest[0] === "--yes";
  if ((action !== "show" && action !== "remove") || !ref?.trim() || ref.startsWith("--")) {
    throw new AdminUsageError(USAGE);
  }
  if (rest.length && !(action === "remove" && yes)) throw new AdminUsageError(USAGE);
  await withDatabase(env, async ({ db }) => {
    const school = await findSchoolByRef(db, ref);
    if (!school) throw new Error(`No school with id or slug "${ref}"; nothing was changed`);
    const footprint = await schoolFootprint(db, school.id);
    const name = `"${school.gym}" (id ${school.id}, ${school.slug})`;
    const goes =
      `${footprint.sessions} open mat(s), ${footprint.checkins} check-in(s) and their posts, ` +
      `${footprint.saves} save(s), ${footprint.ratings} rating(s), ${footprint.going} "going", ` +
      `${footprint.owners} owner(s) and ${footprint.feedback} feedback item(s)`;
    if (action === "show") {
      const lines: [string, string][] = [
        ["id", String(school.id)],
        ["slug", school.slug],
        ["gym", school.gym],
        ["address", school.address],
        ["place", `${school.city}, ${school.state}${school.zipCode ? ` ${school.zipCode}` : ""}`],
        ["at", `${school.latitude}, ${school.longitude} (${school.timeZone})`],
        ["phone", school.phone ?? "-"],
        ["website", school.website ?? "-"],
        ["schedule", school.dayAndTime.replace(/\n/g, " / ")],
        ["rating", school.rating === null ? "-" : `${school.rating} (${school.reviewCount})`],
        ["demo", school.isDemo ? "yes" : "no"],
        ["created", when(school.createdAt)],
        ["updated", when(school.updatedAt)],
        ["verified", when(school.lastVerifiedAt)],
        ["has", goes],
      ];
      console.log(lines.map(([key, value]) => `${`${key}:`.padEnd(10)} ${value}`).join("\n"));
      return;
    }
    if (!yes) {
      throw new Error(
        `Removing ${name} also removes ${goes}. Nothing was changed; run \`openmat admin schools remove ${school.id} --yes\` to remove it.`,
      );
    }
    const removed = await removeSchool(db, school, new Date());
    console.log(removed ? `Removed ${name} with ${goes}.` : `${name} was already removed.`);
  });
}
