import { Avatar } from "../../islands/users/Avatar";
import { assetUrl, loadAssetManifest } from "../../server/render/assets";
import { Island } from "../../server/render/island";
import { Icon } from "./icons";
import { isCurrent, mainSections, sectionHref } from "./nav-links";
import { usePage } from "./page-context";

const sectionIcons = { Map: "map", Shop: "shop", Feed: "feed" } as const;

export function Header() {
  const { viewer, path } = usePage();
  return (
    <header className="site-header">
      <button
        type="button"
        className="icon-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-controls="side-menu"
        aria-expanded="false"
        data-menu-open
      >
        <Icon name="menu" />
      </button>
      <a href="/" className="brand">
        OpenMat
      </a>
      <nav aria-label="Main" className="top-nav">
        {mainSections.map((s) => (
          <a
            key={s.href}
            href={sectionHref(s.href, s.locked, viewer !== null)}
            aria-current={isCurrent(s.href, path) ? "page" : undefined}
          >
            {s.label}
            {s.locked && !viewer && (
              <span className="lock" title="Sign in to see the feed">
                <Icon name="lock" size={14} />
                <span className="visually-hidden"> (sign in required)</span>
              </span>
            )}
          </a>
        ))}
      </nav>
      <div className="header-actions">
        {viewer ? (
          <>
            <span className="welcome">{`Welcome, ${viewer.username}`}</span>
            <a href="/profile" className="icon-button header-avatar" aria-label="Your profile">
              <Avatar username={viewer.username} photo={viewer.profilePhoto} size={32} />
            </a>
            <Island
              name="NavBadges"
              props={{ notifications: viewer.unreadNotifications, messages: viewer.unreadMessages }}
            />
            <Island name="SubmitOpenMat" props={{}} />
            {/* On phones these two are icons (their words stay their names), so the header fits. */}
            <a href="/account" className="button button-ghost header-button">
              <Icon name="user" />
              <span className="header-button-label">Account</span>
            </a>
            <button type="button" className="button button-ghost header-button" data-logout>
              <Icon name="logout" />
              <span className="header-button-label">Logout</span>
            </button>
          </>
        ) : (
          <a href="/auth" className="button" data-auth-modal={assetUrl(loadAssetManifest().authModal)}>
            Sign In
          </a>
        )}
      </div>
    </header>
  );
}

export function BottomNav() {
  const { viewer, path } = usePage();
  return (
    <nav aria-label="Sections" className="bottom-nav">
      {mainSections.map((s) => {
        return (
          <a
            key={s.href}
            href={sectionHref(s.href, s.locked, viewer !== null)}
            aria-current={isCurrent(s.href, path) ? "page" : undefined}
          >
            <Icon name={sectionIcons[s.label]} />
            <span>{s.label}</span>
          </a>
        );
      })}
    </nav>
  );
}
