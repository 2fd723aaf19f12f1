import { offlineTexts } from "../common/schemas/pwa";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

/**
 * The offline page (issue 22): what the service worker shows for a page when the network
 * fails. It is stored without cookies, so it is a guest's page; the island shows the saved
 * gyms the worker kept on this device, if any.
 */
export function offlinePage(): RenderInput {
  return {
    cacheKey: "/offline",
    meta: {
      title: `${offlineTexts.title} | OpenMat`,
      description: offlineTexts.intro,
      noindex: true,
      canonicalPath: null,
    },
    body: (
      <section className="page narrow offline-page" data-offline-page="">
        <h1>{offlineTexts.title}</h1>
        <p>{offlineTexts.intro}</p>
        <Island name="OfflineSaved" props={{}} />
      </section>
    ),
  };
}
