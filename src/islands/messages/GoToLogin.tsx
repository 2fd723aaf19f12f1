import { messageTexts } from "../../common/schemas/messages";

/** Spec §2 Messages list: what the screens show when the browser finds itself signed out. */
export function GoToLogin({ next }: { next: string }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">Sign in to see your messages</p>
      <p>
        <a className="button" href={`/login?next=${encodeURIComponent(next)}`}>
          {messageTexts.goToLogin}
        </a>
      </p>
    </div>
  );
}
