/**
 * Registers the service worker (src/client/sw.ts) once the page has loaded, so it never
 * competes with the page's own first requests, and tells it whose page this is: a member's
 * (a live stream is rendered for members only) asks it to keep their saved gyms fresh for
 * offline reading, a guest's makes it forget any it kept (someone signed out here). The
 * offline page, kept as a guest's, tells it nothing.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const start = async () => {
    // The offline page is kept as a guest's: it says nothing of who is signed in.
    if (document.querySelector("[data-offline-page]")) return;
    try {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const member = document.body.dataset.liveFrom !== undefined;
      registration.active?.postMessage({ type: member ? "member" : "guest" });
    } catch (error) {
      console.warn("service worker not registered", error);
    }
  };
  if (document.readyState === "complete") void start();
  else window.addEventListener("load", () => void start(), { once: true });
}
