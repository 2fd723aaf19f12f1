/** Business constants from spec §9. */
export const limits = {
  passwordMin: 8,
  usernameMin: 3,
  /** "under 50 characters" */
  usernameMax: 49,
  aboutMeMax: 200,
  resetLinkMinutes: 30,
  sessionDays: 30,
} as const;

export const beltLevels = [
  "White Belt",
  "Blue Belt",
  "Purple Belt",
  "Brown Belt",
  "Black Belt",
  "Coral Belt",
  "Red Belt",
] as const;
