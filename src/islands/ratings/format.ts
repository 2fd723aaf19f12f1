/** "Mar 3, 2026": a review's day in the gym's zone, the same on the server and in any browser. */
export const reviewDate = (iso: string, timeZone: string) => reviewDateIn(timeZone).format(new Date(iso));

// One formatter per zone: toLocaleDateString builds one per call.
const reviewDates = new Map<string, Intl.DateTimeFormat>();
function reviewDateIn(timeZone: string): Intl.DateTimeFormat {
  let format = reviewDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
    reviewDates.set(timeZone, format);
  }
  return format;
}

/** "★★★★☆": stars for the eye; the text beside says them in words. */
export const starGlyphs = (stars: number, of = 5) => "★".repeat(stars) + "☆".repeat(Math.max(0, of - stars));
