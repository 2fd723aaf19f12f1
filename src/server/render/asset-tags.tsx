import { useContext } from "react";
import { assetUrl, loadAssetManifest } from "./assets";
import { IslandCollectorContext } from "./island";

export function Stylesheet() {
  return <link rel="stylesheet" href={assetUrl(loadAssetManifest().css)} />;
}

/** The installable app's links (issue 22): its manifest, and the icon iOS puts on a home screen. */
export function AppLinks() {
  const icon = loadAssetManifest().app?.appleTouchIcon;
  return (
    <>
      <link rel="manifest" href="/manifest.webmanifest" />
      {icon && <link rel="apple-touch-icon" href={assetUrl(icon)} />}
    </>
  );
}

/**
 * Rendered last in <body>, after every <Island> above it has registered itself, so a
 * page without islands gets only the small nav script and no React at all. These are
 * same-origin files, which the CSP's 'self' allows; the per-response nonce is kept for
 * inline scripts only, so pages stay byte-identical across requests and can be cached.
 */
export function IslandScripts() {
  const collector = useContext(IslandCollectorContext);
  const manifest = loadAssetManifest();
  const used = [...(collector?.used ?? [])];
  // Only the islands' own chunks: on HTTP/1.1 (the binary's own server, six connections) every
  // chunk they import, preloaded at once, queued the stylesheet and the drawn map's image
  // behind forty small scripts and put the first paint back by a second (Lighthouse, issue 23).
  const entries = used.flatMap((name) => manifest.islands[name] ?? []);
  // The home map's chunk (1 MB) is fetched only after the page has loaded (see hydrate.tsx):
  // in the cache by the time a visitor reaches for the map, never competing with what the
  // first view needs, and never compiled while the page starts (issue 23).
  const later = [...new Set(used.flatMap((name) => manifest.preload?.[name] ?? []))].map(assetUrl);
  return (
    <>
      <script type="module" src={assetUrl(manifest.nav)} />
      {used.length > 0 && (
        <>
          {entries.map((file) => (
            <link key={file} rel="modulepreload" href={assetUrl(file)} />
          ))}
          <script type="module" src={assetUrl(manifest.hydrate)} />
          {later.length > 0 && (
            <script
              type="application/json"
              id="prefetch-after-load"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: asset URLs we built, as JSON data
              dangerouslySetInnerHTML={{ __html: JSON.stringify(later) }}
            />
          )}
        </>
      )}
    </>
  );
}
