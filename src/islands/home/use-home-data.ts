import { useMemo, useRef } from "react";
import type { HomeScreenProps, SchoolSummary } from "../../common/home";
import { useTonightNear } from "../going/use-tonight-near";
import { hasFilters, listModel } from "./filters";
import { useAllSummaries } from "./queries/all";
import { useFavoriteIds } from "./queries/favorites";
import { useNearby } from "./queries/nearby";
import { useOpenIds } from "./queries/open";
import { usePins } from "./queries/pins";
import { type SearchData, SearchLimitError, useSearch } from "./queries/search";
import { type HomeRow, rowFromSummary } from "./school-api";
import { useHome } from "./use-home-state";
import { useMounted } from "./use-mounted";

/**
 * Brings the server state together into what the screen shows. The first render uses the
 * props only (so hydration matches the server's HTML); pins, nearby and open ids follow.
 */
export function useHomeData(props: HomeScreenProps) {
  const query = useHome((s) => s.query);
  const origin = useHome((s) => s.origin);
  const mounted = useMounted();
  const signedIn = props.viewer !== null;
  const searching = query.search !== "";

  const search = useSearch(query.search);
  // Every pin (about 30 KB, and a re-render of the screen) only when something shows them: the
  // live map, or a filter over every school. Until then the server's drawn map has them, and a
  // phone's first seconds stay free for taps (issue 23).
  const mapWanted = useHome((s) => s.mapWanted);
  const pinsWanted = mapWanted || !props.drawnMap || hasFilters(query, signedIn);
  const pins = usePins(mounted && !searching && pinsWanted);
  const nearby = useNearby(searching ? null : origin);
  const favoriteIds = useFavoriteIds(signedIn);
  const tonight = useTonightNear(query.open === "tonight" && mounted, origin, search.data?.location ?? null);
  const openNowIds = useOpenIds(query.open);
  const openIds = query.open === "tonight" ? tonight.ids : openNowIds;
  const summaries = useAllSummaries(mounted && !searching && hasFilters(query, signedIn));
  const initial = useMemo(() => props.initialSchools.map(rowFromSummary), [props.initialSchools]);

  // A search refused by the daily limit leaves the previous results in place (issue 23).
  const lastResult = useRef<SearchData | undefined>(props.search ?? undefined);
  if (search.data) lastResult.current = search.data;
  const shown = keptSearch(search, lastResult.current);
  // Any other failed search shows as an empty result (spec §8), after its toast.
  const searchRows = useMemo(
    () => (shown.failed ? [] : shown.data?.schools.map(rowFromSummary)),
    [shown.failed, shown.data],
  );
  const model = useMemo(
    () =>
      listModel({
        query,
        signedIn,
        searchRows,
        searchTitle: shown.data?.location?.label ?? null,
        pins: pins.data,
        initial,
        origin,
        nearby: nearby.data,
        favoriteIds,
        openIds,
        summaries,
      }),
    [
      query,
      signedIn,
      searchRows,
      shown.data,
      pins.data,
      initial,
      origin,
      nearby.data,
      favoriteIds,
      openIds,
      summaries,
    ],
  );

  /** Every row we know of by id, the richest first: for pin clicks, popups and dialogs. */
  const rowsById = useMemo(() => {
    const byId = new Map<number, HomeRow>();
    const add = (rows: readonly HomeRow[] | undefined) => {
      for (const row of rows ?? []) if (!byId.get(row.id)?.summary) byId.set(row.id, row);
    };
    add(searchRows);
    add(nearby.data);
    add(initial);
    if (props.focusSchool) add([rowFromSummary(props.focusSchool)]);
    add(pins.data);
    return byId;
  }, [searchRows, nearby.data, initial, props.focusSchool, pins.data]);

  const summaryOf = (id: number): SchoolSummary | null => rowsById.get(id)?.summary ?? null;
  return { model, search, pins, nearby, favoriteIds, rowsById, summaryOf, mounted, tonight };
}

/**
 * What the list shows for a search: its result; after a refusal by the daily limit, the
 * last result (spec §8 toast, issue 23: the previous results stay); after another failure, nothing.
 */
export function keptSearch(
  search: { data?: SearchData; isError: boolean; error: unknown },
  last: SearchData | undefined,
): { data: SearchData | undefined; failed: boolean } {
  if (!search.isError) return { data: search.data, failed: false };
  if (search.error instanceof SearchLimitError && last) return { data: last, failed: false };
  return { data: undefined, failed: true };
}
