/**
 * The database schema, one file per feature. Code imports it from here (`db/schema`);
 * drizzle-kit reads every file of this folder (drizzle.config.ts), and a table it meets
 * twice, here and in its own file, counts once.
 */
export * from "./accounts";
export * from "./checkins";
export * from "./events";
export * from "./favorites";
export * from "./going";
export * from "./messages";
export * from "./moderation";
export * from "./notifications";
export * from "./ops";
export * from "./owners";
export * from "./posts";
export * from "./schedule";
export * from "./schools";
export * from "./social";
