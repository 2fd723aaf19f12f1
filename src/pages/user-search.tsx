import type { UserSearchProps } from "../islands/UserSearch";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

/** /users: Find Users (spec §2). `?q=` is searched on the server too, so the first answer needs no script. */
export function userSearchPage(props: UserSearchProps): RenderInput {
  return {
    meta: {
      title: "Find Users | OpenMat",
      description: "Find OpenMat members by username.",
      noindex: true,
      canonicalPath: "/users",
    },
    body: (
      <section className="page narrow">
        <h1>Find Users</h1>
        <Island name="UserSearch" props={props} />
      </section>
    ),
  };
}
