import { organizationLd, websiteLd } from "../common/structured-data";
import { texts } from "../common/texts";
import type { RenderInput } from "../server/render/render-page";

/** Placeholder home until the map and search land; already carries the site's structured data. */
export function homePage(publicUrl: string): RenderInput {
  return {
    meta: {
      title: texts.homeTitle,
      description: texts.homeDescription,
      canonicalPath: "/",
      jsonLd: [organizationLd(publicUrl), websiteLd(publicUrl)],
    },
    body: (
      <section className="page narrow">
        <h1>Find open mats near you</h1>
        <p>
          OpenMat lists Brazilian Jiu-Jitsu open mat sessions across the United States. The map and search are
          on their way.
        </p>
      </section>
    ),
  };
}
