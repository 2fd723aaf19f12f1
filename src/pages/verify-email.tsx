import { accountMessages } from "../common/schemas/account";
import { authMessages } from "../common/schemas/auth";
import type { RenderInput } from "../server/render/render-page";

export type VerifyEmailState =
  | { kind: "confirm"; token: string }
  | { kind: "done"; outcome: "verified" | "changed" }
  | { kind: "failed"; message: string; status: number };

const meta = {
  title: "Confirm Email | OpenMat",
  description: "Confirm the email address of your OpenMat account.",
  noindex: true,
  canonicalPath: "/verify-email",
};

/**
 * The page a verification link opens. Opening the link only shows a button: mail
 * scanners and link previews fetch links too, so the token is used up by the form's POST,
 * never by the GET. A plain HTML form, so it works before (or without) any script.
 */
export function verifyEmailPage(state: VerifyEmailState): RenderInput {
  if (state.kind === "confirm" && state.token) {
    return {
      meta,
      body: (
        <section className="page narrow">
          <div className="card">
            <h1>Confirm your email address</h1>
            <p>Press the button to confirm the address this link was sent to.</p>
            <form method="post" action="/verify-email">
              <input type="hidden" name="token" value={state.token} />
              <button type="submit" className="button">
                Confirm Email Address
              </button>
            </form>
          </div>
        </section>
      ),
    };
  }
  if (state.kind === "done") {
    return {
      meta,
      body: (
        <section className="page narrow">
          <div className="card" role="status">
            <h1>Email Address Confirmed</h1>
            <p>{state.outcome === "changed" ? accountMessages.emailChanged : authMessages.emailVerified}</p>
            <a className="button" href="/account">
              Go to your account
            </a>
          </div>
        </section>
      ),
    };
  }
  const message = state.kind === "failed" ? state.message : authMessages.verifyLinkInvalid;
  return {
    meta,
    status: state.kind === "failed" ? state.status : 400,
    body: (
      <section className="page narrow">
        <div className="card">
          <h1>Invalid Email Link</h1>
          <p role="alert">{message}.</p>
          <p className="muted">
            Email links work once and expire after 24 hours. For a new one, sign in and use 'Send the link
            again' on your account page.
          </p>
          <a className="button" href="/account">
            Go to your account
          </a>
        </div>
      </section>
    ),
  };
}
