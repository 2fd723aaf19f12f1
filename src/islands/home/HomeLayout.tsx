import { useMemo } from "react";
import { type HomeQuery, type HomeScreenProps, MAX_FIT_ZOOM, type SchoolSummary } from "../../common/home";
import { goingTexts } from "../../common/schemas/going";
import { TonightList } from "../going/TonightList";
import { DayChips } from "./DayChips";
import { FeedbackDialog } from "./FeedbackDialog";
import { LocationHelpDialog } from "./LocationHelpDialog";
import { MapArea } from "./MapArea";
import { OpenFilter } from "./OpenFilter";
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

/** The home screen: search and filters, the school list, the map, and their dialogs. */
export function HomeLayout(props: HomeScreenProps) {
  const data = useHomeData(props);
  useHomeEffects(props, data);
  const actions = useHomeActions();
  const query = useHome((s) => s.query);
  const popup = useHome((s) => s.popup);
  const feedbackFor = useHome((s) => s.feedbackFor);
  const signInFor = useHome((s) => s.signInFor);
  const locationHelp = useHome((s) => s.locationHelp);
  const sheetOpen = useHome((s) => s.sheetOpen);
  const camera = useHome((s) => s.camera);
  const cameraKey = useHome((s) => s.cameraKey);
  const signedIn = props.viewer !== null;
  const { model, favoriteIds, rowsById } = data;
  useVisitorLocation(data.mounted && !query.search);

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
    actions.set({ popup: { id: school.id, ...at }, sheetOpen: false });
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

  return (
    <div className="home-screen" data-sheet={sheetOpen ? "open" : "folded"}>
      <div className="home-toolbar">
        <SearchBox query={query} onSearch={onSearch} />
        <div className="home-filters">
          <DayChips query={query} signedIn={signedIn} onChange={onFilter} />
          <OpenFilter query={query} onChange={(open) => onFilter({ open })} />
          <RuleChips query={query} onChange={(rules) => onFilter({ rules })} />
          <button type="button" className="link-button" onClick={() => actions.set({ locationHelp: true })}>
            Location help
          </button>
        </div>
      </div>
      <SchoolSheet
        model={model}
        open={sheetOpen}
        onOpenChange={(open) => actions.set({ sheetOpen: open })}
        onOpenSchool={openDetails}
        interactive={data.mounted}
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
      <MapArea
        schools={mapSchools}
        basemapUrl={props.basemapUrl}
        camera={camera}
        cameraKey={cameraKey}
        selected={popup}
        onPinClick={(id: number) => {
          const row = rowsById.get(id);
          if (row) actions.set({ popup: { id, lat: row.lat, lng: row.lng } });
        }}
        onPopupClose={() => actions.set({ popup: null })}
        popupContent={
          popupRow && (
            <PopupCard
              row={popupRow}
              signedIn={signedIn}
              onFeedback={(id) => actions.set({ feedbackFor: id })}
              onDetails={openDetails}
            />
          )
        }
      />
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
      {locationHelp && <LocationHelpDialog onClose={() => actions.set({ locationHelp: false })} />}
    </div>
  );
}
