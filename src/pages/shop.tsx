import { texts } from "../common/texts";
import type { RenderInput } from "../server/render/render-page";

export function shopPage(): RenderInput {
  return {
    cacheKey: "/shop",
    meta: {
      title: "Shop | OpenMat",
      description: "OpenMat gear and merchandise. An e-commerce integration is coming soon.",
    },
    body: (
      <section className="page narrow">
        <h1>Shop</h1>
        <p>{texts.shopComingSoon}</p>
      </section>
    ),
  };
}
