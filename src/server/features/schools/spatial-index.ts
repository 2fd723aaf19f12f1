import { distanceMiles, EARTH_RADIUS_M, METERS_PER_MILE } from "../../../common/geo";

export interface IndexedPlace {
  id: number;
  latitude: number;
  longitude: number;
  /** Its visitor-rule filter bits (common/visitor-rules), 0 when none is known. */
  rules?: number;
}

export interface Ranked {
  id: number;
  /** Great-circle miles from the point asked about, unrounded. */
  miles: number;
}

const MILES_PER_RADIAN = EARTH_RADIUS_M / METERS_PER_MILE;
const RAD = Math.PI / 180;
/** Float slack on the latitude bound, so a school exactly at the bound is never skipped. */
const SLACK_MILES = 1e-6;

/** Nearest first; equal distances by id, as a brute-force sort would put them. */
const before = (a: Ranked, b: Ranked) => a.miles < b.miles || (a.miles === b.miles && a.id < b.id);

/**
 * Every school's position, sorted by latitude, for nearest and radius queries that look only
 * at a band of latitudes around the point: no school outside the band can be nearer, since
 * a great circle is never shorter than the difference in latitude. The distances are the
 * same function the lists show, so the answers equal sorting every school by distance (then
 * id); longitude needs no special case, the antimeridian included.
 */
export class SpatialIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly lats: Float64Array;
  private readonly lngs: Float64Array;
  private readonly rules: Uint8Array;

  constructor(places: readonly IndexedPlace[]) {
    const sorted = places.toSorted((a, b) => a.latitude - b.latitude || a.id - b.id);
    this.size = sorted.length;
    this.ids = Int32Array.from(sorted, (p) => p.id);
    this.lats = Float64Array.from(sorted, (p) => p.latitude);
    this.lngs = Float64Array.from(sorted, (p) => p.longitude);
    this.rules = Uint8Array.from(sorted, (p) => p.rules ?? 0);
  }

  /** Whether position `i` has every rule bit of `mask` (any place, for 0). */
  private matches(i: number, mask: number): boolean {
    return ((this.rules[i] as number) & mask) === mask;
  }

  /** The first position whose latitude is at least `latitude`. */
  private lowerBound(latitude: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.lats[mid] as number) < latitude) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private rank(i: number, latitude: number, longitude: number): Ranked {
    return {
      id: this.ids[i] as number,
      miles: distanceMiles(latitude, longitude, this.lats[i] as number, this.lngs[i] as number),
    };
  }

  /** Miles that latitude alone puts between the point and position `i`: a lower bound. */
  private latitudeGap(i: number, latitude: number): number {
    return Math.abs((this.lats[i] as number) - latitude) * RAD * MILES_PER_RADIAN - SLACK_MILES;
  }

  /** The `limit` places nearest the point that have every rule bit of `mask`, nearest first. */
  nearest(latitude: number, longitude: number, limit: number, mask = 0): Ranked[] {
    const best: Ranked[] = [];
    if (limit <= 0) return best;
    const keep = (i: number) => {
      if (!this.matches(i, mask)) return;
      const miles = distanceMiles(latitude, longitude, this.lats[i] as number, this.lngs[i] as number);
      const last = best.length === limit ? (best[limit - 1] as Ranked) : undefined;
      if (last && miles > last.miles) return;
      const candidate = { id: this.ids[i] as number, miles };
      if (last && !before(candidate, last)) return;
      let at = best.length;
      while (at > 0 && before(candidate, best[at - 1] as Ranked)) at--;
      best.splice(at, 0, candidate);
      if (best.length > limit) best.pop();
    };
    const worst = () => (best.length < limit ? Number.POSITIVE_INFINITY : (best[limit - 1] as Ranked).miles);
    // Walk outwards from the point's latitude, always to the side that is closer in latitude.
    let up = this.lowerBound(latitude);
    let down = up - 1;
    while (up < this.size || down >= 0) {
      const upGap = up < this.size ? this.latitudeGap(up, latitude) : Number.POSITIVE_INFINITY;
      const downGap = down >= 0 ? this.latitudeGap(down, latitude) : Number.POSITIVE_INFINITY;
      if (Math.min(upGap, downGap) > worst()) break;
      if (upGap <= downGap) keep(up++);
      else keep(down--);
    }
    return best;
  }

  /** Every place within `miles` of the point that has every rule bit of `mask`, nearest first. */
  within(latitude: number, longitude: number, miles: number, mask = 0): Ranked[] {
    const band = (miles + SLACK_MILES) / MILES_PER_RADIAN / RAD;
    const out: Ranked[] = [];
    for (let i = this.lowerBound(latitude - band); i < this.size; i++) {
      if ((this.lats[i] as number) > latitude + band) break;
      if (!this.matches(i, mask)) continue;
      const ranked = this.rank(i, latitude, longitude);
      if (ranked.miles <= miles) out.push(ranked);
    }
    return out.sort((a, b) => a.miles - b.miles || a.id - b.id);
  }
}
