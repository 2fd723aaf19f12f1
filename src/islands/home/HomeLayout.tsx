import { Suspense, useMemo, useState } from "react";
import { type HomeQuery, type HomeScreenProps, MAX_FIT_ZOOM, type SchoolSummary } from "../../common/home";
import { homeTexts } from "../../common/home-texts";
import { goingTexts } from "../../common/schemas/going";
import { TonightList } from "../going/TonightList";
import { DayChips } from "./DayChips";
import { FeedbackDialog } from "./FeedbackDialog";
import { FilterSheet, FiltersButton, moreFiltersOn } from "./FilterSheet";
import { LocationHelpDialog } from "./LocationHelpDialog";
import { LocationState } from "./LocationState";
import { MapArea } from "./MapArea";
import { OpenFilter } from "./OpenFilter";
import { PhonePinCard } from "./PhonePinCard";
import { PopupCard } from "./PopupCard";
import { RuleChips } from "./RuleChips";
import { SchoolDetailDialog } from "./SchoolDetailDialog";
import { SchoolSheet } from "./SchoolSheet";
import { SearchBox } from "./SearchBox";
import { SignInRequiredDialog } from "./SignInRequiredDialog";
import { useHomeData } from "./use-home-data";
import { useHomeEffects } from "./use-home-effects";
import { useHome, useHomeActions } from "./use-home-state";
import { useVisitorLocation } from "./use-location";
import { usePhone } from "./use-phone";

/**
 * The home screen: search and filters, the school list, the map, and their dialogs. On a phone
 * (issue 23) the map fills the screen under a compact bar, the list is a bottom sheet over it,
 * the rarer filters open in a sheet of their own, and a pin's card sits above the list.
 */
export function HomeLayout(props: HomeScreenProps) {
  const data = useHomeData(props);
  useHomeEffects(props, data);
  const actions = useHomeActions();
  const query = useHome((s) => s.query);
  const popup = useHome((s) => s.popup);
  const feedbackFor = useHome((s) => s.feedbackFor);
  const signInFor = useHome((s) => s.signInFor);
  const locationHelp = useHome((s) => s.locationHelp);
  const sheetHeight = useHome((s) => s.sheetHeight);
  const camera = useHome((s) => s.camera);
  const cameraKey = useHome((s) => s.cameraKey);
  const signedIn = props.viewer !== null;
  const { model, favoriteIds, rowsById } = data;
  const locationStatus = useVisitorLocation(data.mounted && !query.search);
  const phone = usePhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const showLocationHelp = () => actions.set({ locationHelp: true });

  const onSearch = (text: string) => {
    // The same search again only retries a failed one: each search counts against the quota.
    if (text === query.search) {
      if (data.search.isError) void data.search.refetch();
      return;
    }
    actions.set({ popup: null });
    actions.navigate({ search: text, school: null }, "push");
  };
  const onFilter = (patch: Partial<HomeQuery>) => actions.navigate(patch, "push");
  const openDetails = (id: number) => actions.navigate({ school: id }, "replace");
  const closeDetails = () => actions.navigate({ school: null }, "replace");
  const viewOnMap = (school: SchoolSummary) => {
    closeDetails();
    const at = { lat: school.latitude, lng: school.longitude };
    actions.moveCamera({ kind: "point", ...at, zoom: MAX_FIT_ZOOM });
    // On a phone the sheet would cover the school: fold it.
    actions.set({ popup: { id: school.id, ...at }, sheetHeight: "peek" });
  };

  const mapSchools = useMemo(
    () =>
      model.mapRows.map((r) => ({
        id: r.id,
        lat: r.lat,
        lng: r.lng,
        name: r.name,
        favorite: favoriteIds.has(r.id),
      })),
    [model.mapRows, favoriteIds],
  );
  const popupRow = popup ? rowsById.get(popup.id) : undefined;
  const nameOf = (id: number) => rowsById.get(id)?.name ?? "";
  const card = popupRow && (
    <PopupCard
      row={popupRow}
      signedIn={signedIn}
      onFeedback={(id) => actions.set({ feedbackFor: id })}
      onDetails={openDetails}
    />
  );

  return (
    <div className="home-screen" data-sheet={sheetHeight}>
      {/* Three Suspense boundaries, none of which suspends: React hydrates each as its own
          piece of work, yielding between them, so the page answers taps sooner on a slow
          phone (long tasks at 4x CPU, issue 23). The markup is the same with or without them. */}
      <Suspense fallback={null}>
        <div className="home-toolbar">
          <SearchBox query={query} onSearch={onSearch} />
          <div className="home-filters">
            <FiltersButton
              count={moreFiltersOn(query, signedIn)}
              open={filtersOpen}
              onOpen={() => setFiltersOpen(true)}
            />
            <DayChips query={query} signedIn={signedIn} onChange={onFilter} />
            <OpenFilter query={query} onChange={(open) => onFilter({ open })} />
            <RuleChips query={query} onChange={(rules) => onFilter({ rules })} />
            <button type="button" className="link-button bar-location-help" onClick={showLocationHelp}>
              {homeTexts.locationHelp}
            </button>
          </div>
        </div>
      </Suspense>
      <Suspense fallback={null}>
        <div className="home-overlay">
          {/* On a phone the card is laid out above the sheet; on a desktop it is MapLibre's popup. */}
          {phone && card && (
            <PhonePinCard
              labelledBy={`popup-${popup?.id}-title`}
              onClose={() => actions.set({ popup: null })}
            >
              {card}
            </PhonePinCard>
          )}
          <SchoolSheet
            model={model}
            height={sheetHeight}
            onHeightChange={(height) => actions.set({ sheetHeight: height })}
            onOpenSchool={openDetails}
            interactive={data.mounted}
            status={
              query.search ? undefined : <LocationState status={locationStatus} onHelp={showLocationHelp} />
            }
            instead={
              query.open === "tonight"
                ? {
                    title: goingTexts.tonightTitle,
                    body: (
                      <TonightList
                        items={data.tonight.items}
                        isError={data.tonight.isError}
                        located={data.tonight.located}
                        from={data.tonight.from}
                        signedIn={signedIn}
                        onOpenSchool={openDetails}
                      />
                    ),
                  }
                : undefined
            }
          />
        </div>
      </Suspense>
      <Suspense fallback={null}>
        <MapArea
          schools={mapSchools}
          basemapUrl={props.basemapUrl}
          drawnMap={props.drawnMap}
          onWanted={() => actions.set({ mapWanted: true })}
          camera={camera}
          cameraKey={cameraKey}
          selected={phone ? null : popup}
          onPinClick={(id: number) => {
            const row = rowsById.get(id);
            if (!row) return;
            const selected = { id, lat: row.lat, lng: row.lng };
            // On a phone the sheet folds under the card, leaving the most map in view.
            actions.set(phone ? { popup: selected, sheetHeight: "peek" } : { popup: selected });
          }}
          onPopupClose={() => actions.set({ popup: null })}
          popupContent={phone ? undefined : card}
        />
      </Suspense>
      {query.school !== null && (
        <SchoolDetailDialog
          key={query.school}
          schoolId={query.school}
          known={
            data.summaryOf(query.school) ??
            (props.focusSchool?.id === query.school ? props.focusSchool : null)
          }
          signedIn={signedIn}
          onClose={closeDetails}
          onViewOnMap={viewOnMap}
        />
      )}
      {feedbackFor !== null && (
        <FeedbackDialog
          schoolId={feedbackFor}
          gym={nameOf(feedbackFor)}
          onClose={() => actions.set({ feedbackFor: null })}
        />
      )}
      {signInFor !== null && (
        <SignInRequiredDialog schoolId={signInFor} onClose={() => actions.set({ signInFor: null })} />
      )}
      {filtersOpen && (
        <FilterSheet
          query={query}
          signedIn={signedIn}
          onChange={onFilter}
          onLocationHelp={() => {
            setFiltersOpen(false);
            showLocationHelp();
          }}
          onClose={() => setFiltersOpen(false)}
        />
      )}
      {locationHelp && <LocationHelpDialog onClose={() => actions.set({ locationHelp: false })} />}
    </div>
  );
}
