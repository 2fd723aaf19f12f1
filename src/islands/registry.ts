/**
 * Every island, by name, loaded lazily so the browser build splits one chunk per island
 * and the server can load them all at start. Add an island here and nowhere else.
 */
export const islandRegistry = {
  NavBadges: () => import("./NavBadges"),
};

export type IslandName = keyof typeof islandRegistry;
