import type { RenderInput } from "../server/render/render-page";

/** Members-only sections whose screens arrive in later releases. */
export function membersAreaPage(title: string, username: string): RenderInput {
  return {
    meta: { title: `${title} | OpenMat`, description: `${title} on OpenMat.`, noindex: true },
    body: (
      <section className="page narrow">
        <h1>{title}</h1>
        <p>Welcome, {username}. This part of OpenMat is on its way.</p>
        <p>
          <a href="/">Find an open mat on the map</a>
        </p>
      </section>
    ),
  };
}
