import type { RenderInput } from "../server/render/render-page";

/** A signed-in member asked for a page that is not theirs to see (403). */
export function forbiddenPage(title: string, message: string): RenderInput {
  return {
    status: 403,
    meta: { title: `${title} | OpenMat`, description: message, noindex: true, canonicalPath: null },
    body: (
      <section className="page narrow">
        <h1>{title}</h1>
        <p>{message}</p>
        <p>
          <a href="/">Go to the map</a>
        </p>
      </section>
    ),
  };
}
