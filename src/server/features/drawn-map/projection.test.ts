import { describe, expect, it } from "bun:test";
import { FIT_BOX, fitView, GRID, gridCenter, isGridView, project, snapView, unproject } from "./projection";

describe("web mercator at 512 px tiles", () => {
  it("puts (0, 0) in the middle of the world and round-trips a point", () => {
    expect(project({ lng: 0, lat: 0 }, 0)).toEqual({ x: 256, y: 256 });
    expect(project({ lng: -180, lat: 0 }, 4).x).toBe(0);
    const back = unproject(
      project({ lng: -97.7437, lat: 30.2655 }, 12).x,
      project({ lng: -97.7437, lat: 30.2655 }, 12).y,
      12,
    );
    expect(back.lng).toBeCloseTo(-97.7437, 9);
    expect(back.lat).toBeCloseTo(30.2655, 9);
  });

  it("snaps a view's centre to the grid, within half a cell", () => {
    const view = snapView({ lng: -98.5795, lat: 39.8283 }, 4);
    const exact = project({ lng: -98.5795, lat: 39.8283 }, 4);
    const snapped = project(gridCenter(view), 4);
    expect(Math.abs(snapped.x - exact.x)).toBeLessThanOrEqual(GRID / 2);
    expect(Math.abs(snapped.y - exact.y)).toBeLessThanOrEqual(GRID / 2);
    expect(isGridView(view, 12)).toBe(true);
    expect(isGridView({ ...view, zoom: 13 }, 12)).toBe(false);
    expect(isGridView({ ...view, gx: 100_000 }, 12)).toBe(false);
  });
});

describe("fitView", () => {
  const points = [
    { lng: -97.7437, lat: 30.2655 },
    { lng: -97.6789, lat: 30.5083 },
    { lng: -97.7197, lat: 30.2617 },
  ];

  it("picks the deepest whole zoom at which the points fit the phone-sized box, with its padding", () => {
    const { center, zoom } = fitView(points, 15);
    const inBox = (z: number) => {
      const middle = project(center, z);
      return points.every((p) => {
        const q = project(p, z);
        return (
          Math.abs(q.x - middle.x) <= FIT_BOX.width / 2 - 48 && Math.abs(q.y - middle.y) <= FIT_BOX.height / 2
        );
      });
    };
    expect(Number.isInteger(zoom)).toBe(true);
    expect(inBox(zoom)).toBe(true);
    expect(inBox(zoom + 1)).toBe(false);
  });

  it("stops at the cap: one school does not zoom to the street", () => {
    expect(fitView([points[0] as { lng: number; lat: number }], 12).zoom).toBe(12);
  });
});
