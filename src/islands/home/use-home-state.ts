import { createContext, useContext } from "react";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import { CITY_ZOOM, type HomeQuery, type HomeScreenProps, homeQueryString } from "../../common/home";
import { type Camera, cameraForSearch } from "./camera";
import type { SheetHeight } from "./sheet-gesture";

export interface LatLng {
  lat: number;
  lng: number;
}

/** UI state only (server state lives in TanStack Query). */
export interface HomeUi {
  /** What the URL says: search, filters and the school whose details are open. */
  query: HomeQuery;
  /** The pin whose popup card is open. */
  popup: ({ id: number } & LatLng) | null;
  feedbackFor: number | null;
  signInFor: number | null;
  locationHelp: boolean;
  /** The phone's bottom sheet: peek, half or full (issue 23). A side panel from 768 px ignores it. */
  sheetHeight: SheetHeight;
  /** The live map has been asked for: every pin loads then (until then the drawn map has them). */
  mapWanted: boolean;
  camera: Camera;
  /** Bumped on every camera move, so moving to the same place twice still moves the map. */
  cameraKey: number;
  /** The visitor's position, once known. */
  origin: LatLng | null;
}

export interface HomeActions {
  /** Changes the query and records it in the URL: push for searches and filters, replace for dialogs. */
  navigate(patch: Partial<HomeQuery>, history: "push" | "replace"): void;
  /** Back/forward: the URL already says it. */
  restore(query: HomeQuery): void;
  moveCamera(camera: Camera): void;
  /** The visitor was located: list by distance, and centre on them unless something else chose the view. */
  locate(where: LatLng): void;
  /** Without a search the map returns to the visitor, or the whole US. */
  homeCamera(): void;
  /** The nearest schools arrived: frame them with the visitor, if the map still shows just the visitor. */
  frameNearby(points: LatLng[]): void;
  set(patch: Partial<Omit<HomeUi, "query" | "camera" | "cameraKey">>): void;
}

export type HomeState = HomeUi & { actions: HomeActions };

function initialCamera(props: HomeScreenProps): Camera {
  if (props.search) return cameraForSearch(props.search);
  const focus = props.focusSchool;
  if (focus) return { kind: "point", lat: focus.latitude, lng: focus.longitude, zoom: CITY_ZOOM };
  return { kind: "us" };
}

/** One store per island: a module-level store would be shared by every server render. */
export function createHomeStore(props: HomeScreenProps): StoreApi<HomeState> {
  return createStore<HomeState>()((set, get) => ({
    query: props.query,
    popup: null,
    feedbackFor: null,
    signInFor: null,
    locationHelp: false,
    // Map first: the sheet starts low, its head and first school showing.
    sheetHeight: "peek",
    mapWanted: false,
    camera: initialCamera(props),
    cameraKey: 0,
    origin: null,
    actions: {
      navigate(patch, history) {
        const query = { ...get().query, ...patch };
        set({ query });
        const url = `${location.pathname}${homeQueryString(query)}`;
        if (history === "push") window.history.pushState(null, "", url);
        else window.history.replaceState(null, "", url);
      },
      restore: (query) => set({ query, popup: null }),
      moveCamera: (camera) => set({ camera, cameraKey: get().cameraKey + 1 }),
      locate(where) {
        set({ origin: where });
        const { query, camera } = get();
        if (!query.search && camera.kind === "us") get().actions.homeCamera();
      },
      frameNearby(points) {
        const { query, camera, origin } = get();
        const atVisitor = camera.kind === "point" && camera.lat === origin?.lat && camera.lng === origin?.lng;
        if (query.search || !origin || !atVisitor || points.length === 0) return;
        get().actions.moveCamera({ kind: "fit", points: [origin, ...points] });
      },
      homeCamera() {
        const { origin } = get();
        get().actions.moveCamera(
          origin ? { kind: "point", lat: origin.lat, lng: origin.lng, zoom: CITY_ZOOM } : { kind: "us" },
        );
      },
      set: (patch) => set(patch),
    },
  }));
}

export const HomeStoreContext = createContext<StoreApi<HomeState> | null>(null);

export function useHome<T>(selector: (state: HomeState) => T): T {
  const store = useContext(HomeStoreContext);
  if (!store) throw new Error("useHome outside the home screen");
  return useStore(store, selector);
}

export const useHomeActions = () => useHome((s) => s.actions);
