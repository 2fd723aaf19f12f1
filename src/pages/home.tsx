import type { HomeScreenProps } from "../common/home";
import { homeTexts } from "../common/home-texts";
import { organizationLd, websiteLd } from "../common/structured-data";
import { texts } from "../common/texts";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

/** The map and list of open mats; the search and list work in the first HTML, before any script. */
export function homePage(publicUrl: string, props: HomeScreenProps): RenderInput {
  const searching = props.query.search;
  return {
    status: 200,
    meta: {
      title: searching ? `Open mats near ${searching} | OpenMat` : texts.homeTitle,
      description: texts.homeDescription,
      canonicalPath: "/",
      jsonLd: [organizationLd(publicUrl), websiteLd(publicUrl)],
      // The drawn map is the first view's largest paint: its request starts with the stylesheet's.
      leadImage: props.drawnMap?.imageUrl.startsWith("/") ? props.drawnMap.imageUrl : undefined,
    },
    body: (
      <section className="home" aria-labelledby="home-title">
        <h1 id="home-title" className="home-title">
          {homeTexts.heading}
        </h1>
        <Island name="HomeScreen" props={props} />
      </section>
    ),
  };
}
