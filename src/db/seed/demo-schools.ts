import { communityNotes, gymFirstWords, gymKinds, streetKinds, streetNames } from "./demo-words";
import type { Random } from "./random";
import { seededRandom } from "./random";

export interface GazetteerCity {
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
}

export interface DemoSchool {
  sourceKey: string;
  gym: string;
  address: string;
  city: string;
  state: string;
  zipCode: string | null;
  latitude: number;
  longitude: number;
  phone: string | null;
  website: string | null;
  dayAndTime: string;
  communityNotes: string | null;
  isDemo: true;
}

export const DEMO_SEED = 20_231_117;
export const DEMO_SCHOOL_COUNT = 1_250;
const MIN_PER_STATE = 5;

const short = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const full = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const notes = [
  "(Gi)",
  "(No-Gi)",
  "(all levels)",
  "(free for visitors)",
  "($10 mat fee)",
  "(Gi & No-Gi)",
] as const;

function clock(r: Random, hour: number, style: number): string {
  const minute = r.chance(0.3) ? r.pick([15, 30, 45]) : 0;
  const h12 = ((hour + 11) % 12) + 1;
  const mer = hour < 12 ? "am" : "pm";
  const mm = minute ? `:${String(minute).padStart(2, "0")}` : style % 2 ? ":00" : "";
  if (hour === 12 && !minute && style === 3) return "noon";
  return style === 2 ? `${h12}${mm} ${mer.toUpperCase()}` : `${h12}${mm}${mer}`;
}

/** A schedule as a gym might write it; the shared parser turns it into sessions at ingest. */
function scheduleText(r: Random): string {
  if (r.chance(0.015)) return r.pick(["No Open Mat", "Members only", "Call for times"]);
  const count = r.pick([1, 1, 1, 2, 2, 3]);
  const style = r.int(0, 3);
  const pieces: string[] = [];
  const usedDays = new Set<number>();
  for (let i = 0; i < count; i++) {
    let day = r.pick([6, 6, 6, 0, 0, 5, 3, 2, 4, 1]);
    while (usedDays.has(day)) day = (day + 1) % 7;
    usedDays.add(day);
    const start = day === 0 || day === 6 ? r.int(9, 13) : r.pick([6, 12, 17, 18, 19]);
    const dayName = style === 1 ? full[day] : style === 2 ? `${full[day]}s` : short[day];
    const from = clock(r, start, style);
    const range = r.chance(0.7)
      ? `${r.pick(["-", " - ", "–", " to "])}${clock(r, Math.min(23, start + r.int(1, 2)), style)}`
      : "";
    const note = r.chance(0.35) ? ` ${r.pick(notes)}` : "";
    pieces.push(style === 3 ? `${dayName}: ${from}${range}${note}` : `${dayName} ${from}${range}${note}`);
  }
  return pieces.join(r.pick([", ", "; ", " | ", " & ", "\n"]));
}

/** How many schools each state gets: at least five, the rest by population. */
function perState(cities: GazetteerCity[], total: number): Map<string, number> {
  const population = new Map<string, number>();
  for (const c of cities) population.set(c.state, (population.get(c.state) ?? 0) + c.population);
  const states = [...population.keys()].sort();
  const spare = total - states.length * MIN_PER_STATE;
  const sum = [...population.values()].reduce((a, b) => a + b, 0);
  return new Map(
    states.map((s) => [s, MIN_PER_STATE + Math.round((spare * (population.get(s) ?? 0)) / sum)]),
  );
}

function pickWeighted<T>(items: T[], weights: number[], roll: number): T | undefined {
  let left = roll;
  for (let k = 0; k < items.length; k++) {
    left -= weights[k] ?? 0;
    if (left <= 0) return items[k];
  }
  return items[0];
}

/**
 * A deterministic set of fictional schools at real US city coordinates. Cities are
 * weighted by population, and each gym sits a few miles from its city's centre.
 */
export function generateDemoSchools(cities: GazetteerCity[], total = DEMO_SCHOOL_COUNT): DemoSchool[] {
  const r = seededRandom(DEMO_SEED);
  const byState = Map.groupBy(cities, (c) => c.state);
  const schools: DemoSchool[] = [];
  for (const [state, count] of perState(cities, total)) {
    const pool = (byState.get(state) ?? []).toSorted((a, b) => b.population - a.population).slice(0, 40);
    const weights = pool.map((c) => Math.sqrt(c.population));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < count; i++) {
      const city = pickWeighted(pool, weights, r.next() * weightSum);
      if (!city) continue;
      const gym = `${r.pick(gymFirstWords)} ${r.pick(gymKinds)}`;
      const street = `${r.int(100, 9899)} ${r.pick(streetNames)} ${r.pick(streetKinds)}`;
      const n = schools.length + 1;
      // Ratings come from members (issue 22), so the demo has none of its own. These draws
      // (once a rating and its count) are kept so that every later draw, and so the demo data,
      // stays as it was.
      const rated = r.chance(0.85);
      if (rated) r.next();
      schools.push({
        sourceKey: `demo-${n}`,
        gym,
        address: `${street}, ${city.name}, ${state}`,
        city: city.name,
        state,
        zipCode: null,
        latitude: Math.round((city.lat + (r.next() - 0.5) * 0.12) * 1e5) / 1e5,
        longitude: Math.round((city.lng + (r.next() - 0.5) * 0.14) * 1e5) / 1e5,
        phone: r.chance(0.8)
          ? `(555) 01${String(r.int(0, 99)).padStart(2, "0")}-${String(r.int(0, 9999)).padStart(4, "0")}`
          : null,
        website: r.chance(0.75) ? `https://demo-${n}.example.com/` : null,
        dayAndTime: scheduleText(r),
        communityNotes: r.chance(0.5) ? r.pick(communityNotes) : null,
        isDemo: true,
      });
      if (rated) r.int(1, 240);
    }
  }
  return schools;
}
