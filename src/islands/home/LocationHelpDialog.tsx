import { Modal } from "./Modal";

/** Spec §2 "Other modals": how to turn location access on, per platform. */
export function LocationHelpDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal labelledBy="location-help-title" onClose={onClose}>
      <h2 id="location-help-title">Turn on location access</h2>
      <p>OpenMat uses your location only to show the open mats nearest to you.</p>
      <h3>iPhone and iPad (Safari)</h3>
      <ol>
        <li>Open Settings, then Privacy &amp; Security, then Location Services, and turn it on.</li>
        <li>In the same list, choose Safari Websites and pick "While Using the App".</li>
        <li>Come back here and reload the page.</li>
      </ol>
      <h3>Android (Chrome)</h3>
      <ol>
        <li>Tap the icon left of the address bar, then Permissions, then Location, and choose Allow.</li>
        <li>Make sure Location is on in the quick settings.</li>
        <li>Reload the page.</li>
      </ol>
      <h3>Desktop browsers</h3>
      <ol>
        <li>Click the icon left of the address, open the site settings and set Location to Allow.</li>
        <li>Reload the page.</li>
      </ol>
      <p className="muted">
        Inside an app such as Facebook or Instagram, open this page in your browser instead: those apps often
        block location.
      </p>
    </Modal>
  );
}
