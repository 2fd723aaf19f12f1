import { BACKGROUND_COLOR, THEME_COLOR } from "../../../common/theme";
import { SITE_NAME } from "../../../pages/layout/Document";
import { type AssetManifest, assetUrl } from "../../render/assets";

/**
 * The web app manifest (W3C Web Application Manifest): what a browser needs to install the
 * site as an app. The icons are the ones scripts/build-icons.ts rendered into this build.
 */
export function webManifest(app: AssetManifest["app"]) {
  return {
    id: "/",
    name: SITE_NAME,
    short_name: SITE_NAME,
    description: "Find a Brazilian Jiu-Jitsu open mat tonight.",
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: (app?.icons ?? []).map((icon) => ({
      src: assetUrl(icon.file),
      sizes: icon.sizes,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}
