import type { RenderInput } from "../server/render/render-page";

/** The donation button is a plain link to the provider, so no third-party script runs here. */
export function donatePage(donateUrl: string): RenderInput {
  return {
    cacheKey: "/donate",
    meta: {
      title: "Donate | OpenMat",
      description: "Support OpenMat and keep open mat schedules free for everyone.",
    },
    body: (
      <section className="page narrow">
        <h1>Support OpenMat</h1>
        <p>
          OpenMat is free and run by people who train. Donations pay for hosting and keep the schedules up to
          date.
        </p>
        {donateUrl ? (
          <p>
            <a className="button" href={donateUrl} rel="noopener noreferrer" target="_blank">
              Donate with card
            </a>
          </p>
        ) : (
          <p className="notice">Donations are not set up on this site yet.</p>
        )}
        <p>
          <a href="/">← Back to the map</a>
        </p>
      </section>
    ),
  };
}
