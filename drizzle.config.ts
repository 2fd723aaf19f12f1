import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  // Every file of the folder (one per feature); a table index.ts exports again counts once.
  schema: "./src/db/schema",
  out: "./src/db/migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "file:data/openmat.db" },
});
