/**
 * A calm, light palette: pale land and sea, grey borders and labels, so the blue and
 * red school pins are the strongest colours on the map.
 */
export const PALETTE = {
  sea: "#d6e6f0",
  land: "#f7f5f0",
  park: "#e8efdf",
  building: "#ebe8e1",
  countryLine: "#8f96a0",
  stateLine: "#a8adb5",
  countyLine: "#dcd9d3",
  roadMinor: "#ffffff",
  roadMajor: "#ffffff",
  roadCasing: "#e4e1da",
  highway: "#f6dfb8",
  labelStrong: "#3f4652",
  labelSoft: "#6b7280",
  labelState: "#9aa1ab",
  labelHalo: "#ffffff",
  pinFavorite: "#dc2626",
  pinDefault: "#2563eb",
  pinStroke: "#ffffff",
} as const;
