import type { RenderInput } from "../server/render/render-page";

export type UnsubscribeState = { kind: "confirm"; token: string } | { kind: "done" } | { kind: "invalid" };

const meta = {
  title: "Unsubscribe | OpenMat",
  description: "Stop e-mails about unread messages on OpenMat.",
  noindex: true,
  canonicalPath: null,
};

/**
 * The page an unsubscribe link opens. Opening it changes nothing (mail scanners fetch links
 * too): the button's POST does, as does a mail client's RFC 8058 one-click POST to the same
 * address. A plain form, so it works without script.
 */
export function unsubscribePage(state: UnsubscribeState): RenderInput {
  if (state.kind === "confirm") {
    return {
      meta,
      body: (
        <section className="page narrow">
          <div className="card">
            <h1>Unsubscribe from message e-mails</h1>
            <p>Press the button to stop e-mails about messages left unread on OpenMat.</p>
            <form method="post" action="/unsubscribe">
              <input type="hidden" name="token" value={state.token} />
              <button type="submit" className="button">
                Unsubscribe
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
            <h1>You are unsubscribed</h1>
            <p>OpenMat will not e-mail you about unread messages any more.</p>
            <p className="muted">You can turn these e-mails back on in your account settings.</p>
            <a className="button" href="/account">
              Go to your account
            </a>
          </div>
        </section>
      ),
    };
  }
  return {
    meta,
    status: 400,
    body: (
      <section className="page narrow">
        <div className="card">
          <h1>Invalid Unsubscribe Link</h1>
          <p role="alert">This unsubscribe link is not valid.</p>
          <p className="muted">You can turn message e-mails off in your account settings.</p>
          <a className="button" href="/account">
            Go to your account
          </a>
        </div>
      </section>
    ),
  };
}
