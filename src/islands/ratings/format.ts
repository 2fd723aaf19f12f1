/** "Mar 3, 2026": a review's day in the gym's zone, the same on the server and in any browser. */
export const reviewDate = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });

/** "★★★★☆": stars for the eye; the text beside says them in words. */
export const starGlyphs = (stars: number, of = 5) => "★".repeat(stars) + "☆".repeat(Math.max(0, of - stars));
