import type { IControl } from "maplibre-gl";

const SVG = "http://www.w3.org/2000/svg";
/** MapLibre's control buttons are 29 px: the icon fills the button, centred by its own viewBox. */
const BUTTON_SIZE = "29";

function targetIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  for (const [name, value] of Object.entries({
    width: BUTTON_SIZE,
    height: BUTTON_SIZE,
    viewBox: `0 0 ${BUTTON_SIZE} ${BUTTON_SIZE}`,
    fill: "none",
    stroke: "#333333",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "aria-hidden": "true",
    focusable: "false",
  })) {
    svg.setAttribute(name, value);
  }
  const circle = document.createElementNS(SVG, "circle");
  circle.setAttribute("cx", "14.5");
  circle.setAttribute("cy", "14.5");
  circle.setAttribute("r", "5");
  const ticks = document.createElementNS(SVG, "path");
  ticks.setAttribute("d", "M14.5 5.5v3M14.5 20.5v3M5.5 14.5h3M20.5 14.5h3");
  svg.append(circle, ticks);
  return svg;
}

/** A button in MapLibre's control style that puts the map back on its current target. */
export class RecenterControl implements IControl {
  private container: HTMLDivElement | undefined;

  constructor(
    private readonly label: string,
    private readonly recenter: () => void,
  ) {}

  onAdd(): HTMLElement {
    const container = document.createElement("div");
    container.className = "maplibregl-ctrl maplibregl-ctrl-group";
    const button = document.createElement("button");
    button.type = "button";
    button.title = this.label;
    button.setAttribute("aria-label", this.label);
    button.append(targetIcon());
    button.addEventListener("click", () => this.recenter());
    container.append(button);
    this.container = container;
    return container;
  }

  onRemove(): void {
    this.container?.remove();
  }
}
