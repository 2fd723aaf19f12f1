import type { ReactNode } from "react";
import { preload } from "react-dom";
import { toScriptJson } from "../../common/safe-json";
import { THEME_COLOR } from "../../common/theme";
import { AppLinks, IslandScripts, Stylesheet } from "../../server/render/asset-tags";
import { BottomNav, Header } from "./Header";
import { usePage } from "./page-context";
import { SideMenu } from "./SideMenu";

export const SITE_NAME = "OpenMat";

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; defaults to the request path; null for none (error pages). */
  canonicalPath?: string | null;
  noindex?: boolean;
  jsonLd?: object[];
  /** The first view's largest image (the home's drawn map): its request starts with the stylesheet's. */
  leadImage?: string;
}

export function Document({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const { publicUrl, path, demoData, viewer } = usePage();
  const canonical = `${publicUrl}${meta.canonicalPath ?? path}`;
  // React puts it in <head> with the first view's other high-priority preloads.
  if (meta.leadImage) preload(meta.leadImage, { as: "image", fetchPriority: "high" });
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex && <meta name="robots" content="noindex" />}
        {meta.canonicalPath !== null && <link rel="canonical" href={canonical} />}
        <meta property="og:site_name" content={SITE_NAME} />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <AppLinks />
        <Stylesheet />
        {meta.jsonLd?.map((data, i) => (
          <script
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static per render
            key={i}
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by toScriptJson
            dangerouslySetInnerHTML={{ __html: toScriptJson(data) }}
          />
        ))}
      </head>
      {/* A member's live stream starts where this page was rendered (src/islands/lib/live.ts). */}
      <body data-live-from={viewer ? String(viewer.liveFrom) : undefined}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <SideMenu />
        <main id="main" tabIndex={-1}>
          {demoData && (
            <p className="demo-notice">Demo data: the gyms and schedules shown here are fictional.</p>
          )}
          {children}
        </main>
        <BottomNav />
        <IslandScripts />
      </body>
    </html>
  );
}
