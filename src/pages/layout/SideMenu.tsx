import { assetUrl, loadAssetManifest } from "../../server/render/assets";
import { Icon } from "./icons";
import { usePage } from "./page-context";

export const FOUNDING_YEAR = 2023;

/** A modal <dialog>: the browser traps focus inside it and closes it on Escape. */
export function SideMenu() {
  const { viewer, year } = usePage();
  const links = [
    { href: "/", label: "Find Open Mats" },
    { href: "/about", label: "About" },
    { href: "/donate", label: "Donate" },
    ...(viewer
      ? [
          { href: "/profile", label: "Your Profile" },
          { href: "/users", label: "Find Users" },
          { href: "/account", label: "Account" },
        ]
      : [{ href: "/auth", label: "Sign In" }]),
  ];
  return (
    <dialog id="side-menu" className="side-menu" aria-labelledby="side-menu-title">
      <div className="side-menu-head">
        <h2 id="side-menu-title">Menu</h2>
        <button type="button" className="icon-button" aria-label="Close menu" data-menu-close>
          <Icon name="close" />
        </button>
      </div>
      <nav aria-label="Side menu">
        <ul>
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href}>{l.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Offered to everyone (spec §6); a guest signs in first, then the form opens. */}
      <button
        type="button"
        className="button"
        data-submit-open-mat
        data-auth-modal={viewer ? undefined : assetUrl(loadAssetManifest().authModal)}
      >
        Submit an Open Mat
      </button>
      {viewer && (
        <button type="button" className="button button-ghost" data-logout>
          Logout
        </button>
      )}
      <footer className="side-menu-footer">{`© ${FOUNDING_YEAR}–${year} OpenMat`}</footer>
    </dialog>
  );
}
