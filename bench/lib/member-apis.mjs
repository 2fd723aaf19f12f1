import { schoolOwner, schoolWithGoingAndRatings } from "./member-pages.mjs";
import { MEMBER_PASSWORD } from "./members.mjs";

/**
 * Issue 25's rows for the APIs the owners and RSVP issues added (21, 22): on the check-in
 * database, the school that 20 members checked in at, rated and go to (lib/member-pages.mjs
 * sets it up once per server) is asked for its open mats, who goes to the next one and its
 * reviews, signed in as the first of them; on the member database, a school's owner asks for
 * its listing stats. Each with the issue's goal, at least 10% of the ceiling.
 */
const GOAL = 10;

export const schoolApiStems = [
  "GET /api/schools/{id}/",
  "GET /api/schools/{id}/occurrences (",
  "GET /api/schools/{id}/occurrences/{date}/{start}/going (",
  "GET /api/schools/{id}/reviews (",
];

export function schoolApiScenarios(seeded, members) {
  const school = seeded.schools.at(-1);
  const going = schoolWithGoingAndRatings(seeded);
  const at = (suffix) => async (baseUrl) => {
    const { cookie } = await going(baseUrl);
    return {
      cookie,
      pathSuffix: `${school.id}/${typeof suffix === "function" ? await suffix(baseUrl, cookie) : suffix}`,
    };
  };
  // The open mat they go to: the second scheduled one, as member-pages.mjs picks them.
  const nextGoing = async (baseUrl, cookie) => {
    const res = await fetch(`${baseUrl}/api/schools/${school.id}/occurrences`, { headers: { cookie } });
    const { occurrences } = await res.json();
    const o = occurrences.filter((x) => x.start !== null && x.status === "scheduled")[1];
    return `occurrences/${o.date}/${o.start}/going`;
  };
  const shape = `20 going and rating, ${members} members`;
  return [
    {
      name: `GET /api/schools/{id}/occurrences (signed in, ${shape})`,
      path: "/api/schools/",
      minPercentOfCeiling: GOAL,
      setup: at("occurrences"),
    },
    {
      name: `GET /api/schools/{id}/occurrences/{date}/{start}/going (signed in, ${shape})`,
      path: "/api/schools/",
      minPercentOfCeiling: GOAL,
      setup: at(nextGoing),
    },
    {
      name: `GET /api/schools/{id}/reviews (signed in, ${shape})`,
      path: "/api/schools/",
      minPercentOfCeiling: GOAL,
      setup: at("reviews"),
    },
  ];
}

/** On the member database: the listing stats of the school its owner keeps. */
export function ownerApiScenarios(seeded, members) {
  const owner = schoolOwner(seeded, MEMBER_PASSWORD);
  return [
    {
      name: `GET /api/schools/{id}/stats (its owner, ${members} members)`,
      path: "/api/schools/",
      minPercentOfCeiling: GOAL,
      async setup(baseUrl) {
        const { cookie } = await owner(baseUrl);
        return { cookie, pathSuffix: `${seeded.owner.schoolId}/stats` };
      },
    },
  ];
}
