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
  return (
    <>
      <script type="module" src={assetUrl(manifest.nav)} />
      {used.length > 0 && (
        <>
          {used.map((name) => {
            const chunk = manifest.islands[name];
            return chunk ? <link key={name} rel="modulepreload" href={assetUrl(chunk)} /> : null;
          })}
          <script type="module" src={assetUrl(manifest.hydrate)} />
          {/* Prefetched: in the cache when wanted, and not compiled while the page starts (a
              modulepreload compiled the 1 MB map chunk on the main thread, hundreds of ms at 4x
              CPU, for a map that on a phone waits for a touch: issue 23). Idle priority, so
              what hydrates the page comes first. */}
          {[...new Set(used.flatMap((name) => manifest.preload?.[name] ?? []))].map((file) => (
            <link key={file} rel="prefetch" href={assetUrl(file)} />
          ))}
        </>
      )}
    </>
  );
}
