import type { HomeQuery } from "../../common/home";

/**
 * The parts of the query a GET form does not itself change, so a filter or search works
 * before the island hydrates (or without JS) and keeps the rest of the state.
 */
export function HiddenQuery({ query, omit }: { query: HomeQuery; omit: keyof HomeQuery }) {
  return (
    <>
      {omit !== "search" && query.search && <input type="hidden" name="search" value={query.search} />}
      {omit !== "days" && query.days.length > 0 && (
        <input type="hidden" name="days" value={query.days.join(",")} />
      )}
      {omit !== "rules" && query.rules.length > 0 && (
        <input type="hidden" name="rules" value={query.rules.join(",")} />
      )}
      {omit !== "saved" && query.saved && <input type="hidden" name="saved" value="1" />}
      {omit !== "open" && query.open !== "any" && <input type="hidden" name="open" value={query.open} />}
    </>
  );
}
