import { texts } from "../common/texts";
import type { RenderInput } from "../server/render/render-page";

export function notFoundPage(): RenderInput {
  return {
    status: 404,
    meta: {
      title: texts.notFoundTitle,
      description: texts.notFoundTitle,
      noindex: true,
      canonicalPath: null,
    },
    cacheKey: "404",
    body: (
      <section className="page narrow">
        <h1>{texts.notFoundTitle}</h1>
        <p>{texts.notFoundText}</p>
        <p>
          <a href="/">Go to the map</a>
        </p>
      </section>
    ),
  };
}
