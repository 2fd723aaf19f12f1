import { describe, expect, it } from "bun:test";
import { clipLine, clipRing, PathData, type Point } from "./geometry";

const rect = { minX: 0, minY: 0, maxX: 10, maxY: 10 };

describe("clipping to the drawing", () => {
  it("cuts a ring to the rectangle, keeping its winding", () => {
    const ring: Point[] = [
      [-5, -5],
      [5, -5],
      [5, 5],
      [-5, 5],
    ];
    const clipped = clipRing(ring, rect);
    for (const [x, y] of clipped) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
    }
    const area = clipped.reduce((sum, [x, y], i) => {
      const [nx, ny] = clipped[(i + 1) % clipped.length] as Point;
      return sum + x * ny - nx * y;
    }, 0);
    expect(area / 2).toBe(25);
    expect(
      clipRing(
        [
          [20, 20],
          [30, 20],
          [30, 30],
        ],
        rect,
      ),
    ).toEqual([]);
  });

  it("splits a line that leaves and comes back into two parts", () => {
    const parts = clipLine(
      [
        [2, 5],
        [15, 5],
        [15, 8],
        [2, 8],
      ],
      rect,
    );
    expect(parts).toEqual([
      [
        [2, 5],
        [10, 5],
      ],
      [
        [10, 8],
        [2, 8],
      ],
    ]);
  });
});

describe("PathData", () => {
  it("writes whole units, relative, without points that do not move the path", () => {
    const path = new PathData();
    path.add(
      [
        [0, 0],
        [0.2, 0.1],
        [5, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      true,
    );
    expect(String(path)).toBe("M0 0l10 0 0 10-10 0z");
    path.add([[3, 3]], false);
    expect(String(path)).toBe("M0 0l10 0 0 10-10 0z");
  });
});
