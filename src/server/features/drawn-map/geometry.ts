/**
 * Clipping to a rectangle and writing SVG path data small: coordinates are whole units
 * (the drawing writes half px), relative after the first point, and a point that does not
 * move the path (the same as the last, or on the line through its neighbours) is dropped.
 */

export type Point = [number, number];

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

type Edge = { inside: (p: Point) => boolean; cross: (a: Point, b: Point) => Point };

const at = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

function edges(r: Rect): Edge[] {
  const vertical = (x: number, keep: (px: number) => boolean): Edge => ({
    inside: (p) => keep(p[0]),
    cross: (a, b) => at(a, b, (x - a[0]) / (b[0] - a[0])),
  });
  const horizontal = (y: number, keep: (py: number) => boolean): Edge => ({
    inside: (p) => keep(p[1]),
    cross: (a, b) => at(a, b, (y - a[1]) / (b[1] - a[1])),
  });
  return [
    vertical(r.minX, (x) => x >= r.minX),
    vertical(r.maxX, (x) => x <= r.maxX),
    horizontal(r.minY, (y) => y >= r.minY),
    horizontal(r.maxY, (y) => y <= r.maxY),
  ];
}

/** Sutherland–Hodgman: a polygon ring clipped to the rectangle keeps its winding (holes stay holes). */
export function clipRing(ring: Point[], rect: Rect): Point[] {
  let out = ring;
  for (const edge of edges(rect)) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i] as Point;
      const previous = input[(i + input.length - 1) % input.length] as Point;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) out.push(edge.cross(previous, current));
        out.push(current);
      } else if (edge.inside(previous)) {
        out.push(edge.cross(previous, current));
      }
    }
    if (out.length === 0) return out;
  }
  return out;
}

/** Liang–Barsky per segment: the parts of a line inside the rectangle. */
export function clipLine(line: Point[], rect: Rect): Point[][] {
  const parts: Point[][] = [];
  let current: Point[] | undefined;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as Point;
    const b = line[i] as Point;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    let t0 = 0;
    let t1 = 1;
    const sides: [number, number][] = [
      [-dx, a[0] - rect.minX],
      [dx, rect.maxX - a[0]],
      [-dy, a[1] - rect.minY],
      [dy, rect.maxY - a[1]],
    ];
    let visible = true;
    for (const [p, q] of sides) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else if (p < 0) t0 = Math.max(t0, q / p);
      else t1 = Math.min(t1, q / p);
    }
    if (!visible || t0 > t1) {
      current = undefined;
      continue;
    }
    if (!current || t0 > 0) {
      current = [at(a, b, t0)];
      parts.push(current);
    }
    current.push(at(a, b, t1));
    if (t1 < 1) current = undefined;
  }
  return parts;
}

/** Whole units; no repeated points; no point on the straight line between its neighbours. */
function tidy(points: Point[], closed: boolean): Point[] {
  const out: Point[] = [];
  for (const [x, y] of points) {
    const p: Point = [Math.round(x), Math.round(y)];
    const last = out[out.length - 1];
    if (last && last[0] === p[0] && last[1] === p[1]) continue;
    const before = out[out.length - 2];
    if (last && before && collinear(before, last, p)) out[out.length - 1] = p;
    else out.push(p);
  }
  if (closed) {
    while (out.length > 2 && same(out[0] as Point, out[out.length - 1] as Point)) out.pop();
    while (
      out.length > 3 &&
      collinear(out[out.length - 2] as Point, out[out.length - 1] as Point, out[0] as Point)
    )
      out.pop();
  }
  return out;
}

function bounds(points: Point[]): Rect {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of points) {
    if (x < box.minX) box.minX = x;
    if (x > box.maxX) box.maxX = x;
    if (y < box.minY) box.minY = y;
    if (y > box.maxY) box.maxY = y;
  }
  return box;
}

const same = (a: Point, b: Point) => a[0] === b[0] && a[1] === b[1];
/** Exactly on one line, and `b` between `a` and `c` (so a turn back is kept). */
const collinear = (a: Point, b: Point, c: Point) =>
  (b[0] - a[0]) * (c[1] - a[1]) === (b[1] - a[1]) * (c[0] - a[0]) &&
  (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) >= 0;

const joinNumbers = (numbers: number[]) =>
  numbers.reduce<string>((text, n, i) => (i === 0 || n < 0 ? `${text}${n}` : `${text} ${n}`), "");

/** Collects the subpaths of one SVG path. */
export class PathData {
  private readonly parts: string[] = [];

  add(points: Point[], closed: boolean): void {
    const tidied = tidy(points, closed);
    if (tidied.length < (closed ? 3 : 2)) return;
    const [first, ...rest] = tidied as [Point, ...Point[]];
    const deltas: number[] = [];
    let previous = first;
    for (const p of rest) {
      deltas.push(p[0] - previous[0], p[1] - previous[1]);
      previous = p;
    }
    this.parts.push(`M${joinNumbers(first)}l${joinNumbers(deltas)}${closed ? "z" : ""}`);
  }

  /** A polygon ring, clipped to `rect` (a ring wholly inside or outside is not clipped). */
  addClippedRing(ring: Point[], rect: Rect): void {
    const box = bounds(ring);
    if (box.maxX < rect.minX || box.minX > rect.maxX || box.maxY < rect.minY || box.minY > rect.maxY) return;
    const inside =
      box.minX >= rect.minX && box.maxX <= rect.maxX && box.minY >= rect.minY && box.maxY <= rect.maxY;
    this.add(inside ? ring : clipRing(ring, rect), true);
  }

  addClippedLine(line: Point[], rect: Rect): void {
    for (const part of clipLine(line, rect)) this.add(part, false);
  }

  get empty(): boolean {
    return this.parts.length === 0;
  }

  toString(): string {
    return this.parts.join("");
  }
}
