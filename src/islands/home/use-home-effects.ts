import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { showToast } from "../../client/toast";
import { type HomeScreenProps, parseHomeQuery } from "../../common/home";
import { cameraForSearch } from "./camera";
import { narrowsToFew } from "./filters";
import { takePendingFavorite } from "./pending-favorite";
import { favoritesKey, setFavorite } from "./queries/favorites";
import { showSearchErrorToast, showSearchLimitToast } from "./search-toasts";
import type { useHomeData } from "./use-home-data";
import { useHome, useHomeActions } from "./use-home-state";

/** The home screen's reactions to the world: URL history, toasts, camera moves, a pending favourite. */
export function useHomeEffects(props: HomeScreenProps, data: ReturnType<typeof useHomeData>) {
  const actions = useHomeActions();
  const client = useQueryClient();
  const query = useHome((s) => s.query);
  const { search, pins, nearby } = data;
  const toastContext = { signedIn: props.viewer !== null, memberSearchLimit: props.memberSearchLimit };

  // Back and forward restore the state the URL describes.
  useEffect(() => {
    const onPop = () => actions.restore(parseHomeQuery(new URLSearchParams(location.search)));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [actions]);

  // The server refused the page's own search: the same toast a refused search gets here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the server's answer
  useEffect(() => {
    if (props.searchLimit)
      showSearchLimitToast(props.searchLimit.limit, props.searchLimit.retryAfter, toastContext);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failed fetch
  useEffect(() => {
    if (search.isError) showSearchErrorToast(search.error, toastContext);
  }, [search.errorUpdatedAt]);

  useEffect(() => {
    if (pins.isError) {
      showToast({
        title: "Error loading schools",
        description: "Failed to fetch pins",
        variant: "destructive",
      });
    }
  }, [pins.isError]);

  // Each new search result moves the map to it; leaving the search moves it back.
  const searched = useRef(query.search);
  useEffect(() => {
    if (query.search && search.data) actions.moveCamera(cameraForSearch(search.data));
    else if (!query.search && searched.current) actions.homeCamera();
    searched.current = query.search;
  }, [search.data, query.search, actions]);

  // 'Saved Gyms', Open now or Today on: the map fits the schools the list names (issue 23),
  // once per filter; leaving them returns it home.
  const signedIn = props.viewer !== null;
  const narrowed = narrowsToFew(query, signedIn);
  const fitted = useRef<string | null>(null);
  const { model } = data;
  useEffect(() => {
    const key = narrowed ? JSON.stringify([query.saved, query.open, query.days, query.rules]) : null;
    if (key === fitted.current) return;
    if (key === null) {
      fitted.current = null;
      if (!query.search) actions.homeCamera();
      return;
    }
    if (!model.ready) return;
    fitted.current = key;
    if (model.mapRows.length > 0)
      actions.moveCamera({ kind: "fit", points: model.mapRows.map((r) => ({ lat: r.lat, lng: r.lng })) });
  }, [narrowed, query, model, actions]);

  // The visitor sees the schools the list names around them, not one empty city block.
  useEffect(() => {
    if (nearby.data) actions.frameNearby(nearby.data.map((r) => ({ lat: r.lat, lng: r.lng })));
  }, [nearby.data, actions]);

  // A gym a guest tried to save before signing in is saved now (spec §2, "another reading").
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on load
  useEffect(() => {
    if (!props.viewer) return;
    const schoolId = takePendingFavorite();
    if (schoolId === null) return;
    if (client.getQueryData<number[]>(favoritesKey)?.includes(schoolId)) return;
    setFavorite(client, schoolId, true)
      .then(() =>
        showToast({ title: "Gym saved", description: "The gym you chose is now in your favorites." }),
      )
      .catch((error) => console.error("favorite", schoolId, error));
  }, []);
}
