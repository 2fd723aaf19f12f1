import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

export function resetPasswordPage(token: string): RenderInput {
  return {
    meta: {
      title: "Reset Password | OpenMat",
      description: "Choose a new password for your OpenMat account.",
      noindex: true,
      canonicalPath: "/reset-password",
    },
    body: (
      <section className="page narrow">
        <Island name="ResetPasswordForm" props={{ token }} />
      </section>
    ),
  };
}
