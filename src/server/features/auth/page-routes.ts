import { Elysia } from "elysia";
import { safeNext } from "../../../common/safe-next";
import { authPage } from "../../../pages/auth";
import { resetPasswordPage } from "../../../pages/reset-password";
import { verifyEmailPage } from "../../../pages/verify-email";
import { HttpError } from "../../http/errors";
import type { PageRenderer } from "../../render/page-renderer";
import { verifyEmail } from "./email-verification";
import type { AuthDeps } from "./service";
import type { sessionPlugin } from "./session-plugin";

/**
 * Sign-in, reset and e-mail link pages. Members-only pages know the session on
 * the server, so a guest gets the sign-in screen in the first HTML and returns here after it.
 */
export function authPageRoutes(
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
  deps: AuthDeps,
) {
  // Only a page of this site (PUBLIC_URL): the island checks again against the browser's origin.
  const nextOf = (request: Request) =>
    safeNext(new URL(request.url).searchParams.get("next"), deps.publicUrl);

  return (
    new Elysia({ name: "auth-pages" })
      .use(session)
      .get("/auth", (ctx) => render(ctx, authPage(nextOf(ctx.request))))
      .get("/login", (ctx) => render(ctx, authPage(nextOf(ctx.request))))
      .get("/reset-password", (ctx) =>
        render(ctx, resetPasswordPage(new URL(ctx.request.url).searchParams.get("token") ?? "")),
      )
      .get("/verify-email", (ctx) =>
        render(
          ctx,
          verifyEmailPage({
            kind: "confirm",
            token: new URL(ctx.request.url).searchParams.get("token") ?? "",
          }),
        ),
      )
      // The link's button posts a plain form here; the token is used up only by this POST.
      .post("/verify-email", async (ctx) => {
        const body = ctx.body as Record<string, unknown> | null | undefined;
        const token = typeof body?.token === "string" ? body.token.slice(0, 200) : "";
        try {
          const outcome = await verifyEmail(deps, token, ctx.session);
          return render(ctx, verifyEmailPage({ kind: "done", outcome }));
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          return render(
            ctx,
            verifyEmailPage({ kind: "failed", message: error.message, status: error.status }),
          );
        }
      })
  );
}
