/**
 * The app's colours where CSS cannot reach them: the browser's theme colour (the page's meta
 * tag, the web manifest) and the installed app's splash background. The same values as
 * styles.css's --blue and --bg; theme.test.ts keeps them so.
 */
export const THEME_COLOR = "#1d4ed8";
export const BACKGROUND_COLOR = "#f9fafb";
