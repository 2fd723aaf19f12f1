import type { AuthMode } from "../islands/AuthForms";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

/** /auth and /login, and what a guest sees on a members-only page: the sign-in screen. */
export function authPage(next: string, mode: AuthMode = "signin", status = 200): RenderInput {
  return {
    status,
    meta: {
      title: "Sign In | OpenMat",
      description: "Sign in or create your OpenMat account.",
      noindex: true,
      canonicalPath: "/auth",
    },
    body: (
      <section className="page auth-page">
        <div className="card auth-card">
          <Island name="AuthForms" props={{ mode, next }} />
        </div>
      </section>
    ),
  };
}
