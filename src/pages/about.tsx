import { texts } from "../common/texts";
import type { RenderInput } from "../server/render/render-page";

export function aboutPage(): RenderInput {
  return {
    cacheKey: "/about",
    meta: {
      title: "About | OpenMat",
      description: "About OpenMat, the community finder for Brazilian Jiu-Jitsu open mats.",
    },
    body: (
      <section className="page narrow">
        <h1>About</h1>
        <p className="coming-soon">{texts.aboutComingSoon}</p>
      </section>
    ),
  };
}
