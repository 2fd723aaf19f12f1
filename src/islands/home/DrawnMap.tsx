import type { KeyboardEvent, MouseEvent } from "react";
import {
  abbreviatedCount,
  CLUSTER_STROKE_WIDTH,
  CLUSTER_TEXT_SIZE,
  clusterRadius,
  PIN_DOT,
  PIN_OUTLINE,
  PIN_SIZE,
  PIN_STROKE_WIDTH,
} from "../../client/map/pin-shape";
import type { DrawnMapView, DrawnMark } from "../../common/drawn-map";
import { PALETTE } from "../../common/map-style/palette";
import { useMounted } from "./use-mounted";

export type DrawnCluster = Extract<DrawnMark, { kind: "cluster" }>;
type DrawnPin = Extract<DrawnMark, { kind: "pin" }>;

/**
 * Where the live map stands beneath the drawing: not started; its box mounted (it is now the
 * map's region); its style loaded (it shows the pin's card, over the drawing); its pins drawn
 * (it takes the input: the drawing lets taps through and leaves focus, until it goes).
 */
export type LiveMapStage = "none" | "mounted" | "loaded" | "drawn";

export interface DrawnMapProps {
  view: DrawnMapView;
  /** The schools the app shows now, by id, with their saved state (it wins over the drawing's). */
  shown: ReadonlyMap<number, boolean>;
  /**
   * The shown set is not every school, which the server drew (a search or a filter): only pins
   * of schools in `shown` stay, and no cluster, whose count would be wrong.
   */
  onlyShown: boolean;
  live: LiveMapStage;
  /** The pin whose card is open; its card shows on the drawing until the live map loads. */
  selectedId: number | null;
  /** The card's slot: the caller moves the card's element into it. */
  cardSlot(element: HTMLElement | null): void;
  onPin(id: number): void;
  onCluster(cluster: DrawnCluster): void;
  onClose(): void;
}

export const MAP_LABEL = "Map of open mats";
const CARD_HALF_WIDTH = 170;
/** The card stands on the pin's head, 34 px above its point, as the live map's popup does. */
const PIN_HEAD = 34;

/**
 * The first view's map drawn by the server (issue 23): the basemap image, unscaled, its middle
 * in the box's middle (so a pixel of it is a pixel of MapLibre at the view's zoom), and the pins
 * and clusters over it as SVG, drawn as the live map draws them. A pin is a link to the school's
 * details, so it works with no script; with script it opens the pin's card. A cluster is a
 * picture until the script runs, then a button that zooms in on the live map.
 */
export function DrawnMap(props: DrawnMapProps) {
  const { view, shown, onlyShown, live, selectedId } = props;
  const mounted = useMounted();
  const pins = view.marks.filter(
    (mark): mark is DrawnPin => mark.kind === "pin" && (!onlyShown || shown.has(mark.id)),
  );
  const favorite = (pin: DrawnPin) => shown.get(pin.id) ?? pin.favorite;
  // Saved gyms are drawn last, over the pins they overlap, as on the live map.
  const ordered = [...pins.filter((p) => !favorite(p)), ...pins.filter(favorite)];
  const clusters = onlyShown
    ? []
    : view.marks.filter((mark): mark is DrawnCluster => mark.kind === "cluster");
  const ownCard = live === "none" || live === "mounted";
  const selected = ownCard ? pins.find((pin) => pin.id === selectedId) : undefined;
  const region = live === "none";

  const openPin = (event: MouseEvent, id: number) => {
    // A new tab or window keeps the link's own way.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    props.onPin(id);
  };
  const clusterKey = (event: KeyboardEvent, cluster: DrawnCluster) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    props.onCluster(cluster);
  };

  return (
    // While it is the only map, the drawing is the labelled map region; once the live map's
    // box is there, that box is the region, and once its pins are drawn the drawing is inert.
    <section
      className="drawn-map"
      aria-label={region ? MAP_LABEL : undefined}
      data-live={live}
      // The view's zoom, where a test can compare it with the live map's.
      data-zoom={view.zoom}
      inert={live === "drawn"}
      onKeyDown={(event) => {
        if (event.key === "Escape" && selectedId !== null) props.onClose();
      }}
      onClick={(event) => {
        if (selectedId !== null && !(event.target as Element).closest(".drawn-mark, .drawn-card"))
          props.onClose();
      }}
    >
      <img
        className="drawn-map-image"
        src={view.imageUrl}
        width={view.width}
        height={view.height}
        alt=""
        draggable={false}
        fetchPriority="high"
      />
      <svg
        className="drawn-map-marks"
        width={view.width}
        height={view.height}
        viewBox={`0 0 ${view.width} ${view.height}`}
        // Only a container: the marks in it are the links and buttons.
        role="none"
      >
        {clusters.map((cluster) => (
          <ClusterMark
            key={`c${cluster.x},${cluster.y}`}
            cluster={cluster}
            interactive={mounted}
            onActivate={() => props.onCluster(cluster)}
            onKey={(event) => clusterKey(event, cluster)}
          />
        ))}
        {ordered.map((pin) => (
          <a
            key={pin.id}
            className="drawn-mark drawn-pin"
            href={`/?school=${pin.id}`}
            aria-label={pin.name}
            data-school-id={pin.id}
            onClick={(event) => openPin(event, pin.id)}
          >
            <g transform={`translate(${pin.x - PIN_SIZE / 2} ${pin.y - PIN_SIZE})`}>
              <circle className="drawn-focus" cx={PIN_DOT.x} cy={PIN_DOT.y} r={PIN_SIZE / 2} fill="none" />
              <path
                d={PIN_OUTLINE}
                fill={favorite(pin) ? PALETTE.pinFavorite : PALETTE.pinDefault}
                stroke={PALETTE.pinStroke}
                strokeWidth={PIN_STROKE_WIDTH}
              />
              <circle cx={PIN_DOT.x} cy={PIN_DOT.y} r={PIN_DOT.radius} fill={PALETTE.pinStroke} />
            </g>
          </a>
        ))}
      </svg>
      {selected && <DrawnCard view={view} pin={selected} slot={props.cardSlot} onClose={props.onClose} />}
    </section>
  );
}

function ClusterMark(props: {
  cluster: DrawnCluster;
  interactive: boolean;
  onActivate(): void;
  onKey(event: KeyboardEvent): void;
}) {
  const { cluster, interactive } = props;
  const radius = clusterRadius(cluster.count);
  const label = `${cluster.count} schools`;
  const picture = (
    <>
      <circle className="drawn-focus" cx={cluster.x} cy={cluster.y} r={radius + 4} fill="none" />
      <circle
        cx={cluster.x}
        cy={cluster.y}
        r={radius}
        fill={PALETTE.pinDefault}
        stroke={cluster.favorites > 0 ? PALETTE.pinFavorite : PALETTE.pinStroke}
        strokeWidth={CLUSTER_STROKE_WIDTH}
      />
      <text
        x={cluster.x}
        y={cluster.y}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={CLUSTER_TEXT_SIZE}
        fontWeight={700}
        fill={PALETTE.pinStroke}
      >
        {abbreviatedCount(cluster.count)}
      </text>
    </>
  );
  // A picture in the server's HTML (no script would answer a press); a button once hydrated.
  if (!interactive)
    return (
      // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group is no control; it is the cluster's picture
      <g className="drawn-cluster" role="img" aria-label={label} data-count={cluster.count}>
        {picture}
      </g>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>; a group with the role, focus and keys is one
    <g
      className="drawn-mark drawn-cluster"
      role="button"
      tabIndex={0}
      aria-label={`${label}: zoom in`}
      data-count={cluster.count}
      onClick={props.onActivate}
      onKeyDown={props.onKey}
    >
      {picture}
    </g>
  );
}

/**
 * The pin's card on the drawing, where the live map's popup will stand: above the pin's head,
 * or below the pin when it is in the upper half of the box; kept inside the box sideways.
 * Client only (a style attribute, which the CSP allows when set from script).
 */
function DrawnCard(props: {
  view: DrawnMapView;
  pin: DrawnPin;
  slot(element: HTMLElement | null): void;
  onClose(): void;
}) {
  const { view, pin } = props;
  const dx = pin.x - view.width / 2;
  const dy = pin.y - view.height / 2;
  const below = dy < 0;
  return (
    <div
      className="drawn-card"
      data-below={below ? "true" : undefined}
      style={{
        left: `clamp(${CARD_HALF_WIDTH}px, calc(50% + ${dx}px), calc(100% - ${CARD_HALF_WIDTH}px))`,
        top: `calc(50% + ${below ? dy : dy - PIN_HEAD}px)`,
      }}
    >
      <button type="button" className="drawn-card-close" aria-label="Close popup" onClick={props.onClose}>
        ×
      </button>
      <div ref={props.slot} />
    </div>
  );
}
