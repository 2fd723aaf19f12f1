// The header and side menu work without React: this is all the script a guest page runs.
import {
  forgetPendingSubmit,
  OPEN_SUBMIT_EVENT,
  rememberPendingSubmit,
} from "../islands/submit/pending-submit";
import { registerServiceWorker } from "./sw-register";
import { bindToastHotkey, flashToast, showFlashedToast, showToast } from "./toast";

const menu = document.getElementById("side-menu") as HTMLDialogElement | null;
const menuOpener = document.querySelector<HTMLElement>("[data-menu-open]");

async function logout() {
  try {
    const res = await fetch("/api/auth/logout", { method: "POST", credentials: "include" });
    if (!res.ok) throw new Error(String(res.status));
    flashToast({ title: "Logged out", description: "You have been logged out successfully." });
    location.assign("/");
  } catch {
    showToast({
      title: "Logout failed",
      description: "There was an error logging you out.",
      variant: "destructive",
    });
  }
}

/** The sign-in modal is fetched only when asked for, so guest pages stay light. */
async function openAuthModal(trigger: HTMLElement) {
  const url = trigger.dataset.authModal;
  if (!url) return;
  const { openAuthModal: open } = (await import(url)) as { openAuthModal: (next: string) => void };
  open(location.pathname + location.search);
  // Signing in navigates away without closing the modal; closing it is a change of mind.
  if (trigger.hasAttribute("data-submit-open-mat")) {
    document.querySelector("dialog.auth-modal")?.addEventListener("close", forgetPendingSubmit);
  }
}

document.addEventListener("click", (event) => {
  const target = event.target as Element;
  const authTrigger = target.closest<HTMLElement>("[data-auth-modal]");
  const submitTrigger = target.closest<HTMLElement>("[data-submit-open-mat]");
  // A guest's 'Submit an Open Mat' asks them to sign in; the form opens after it (pending-submit).
  if (submitTrigger && authTrigger) rememberPendingSubmit();
  if (submitTrigger && !authTrigger) {
    menu?.close();
    document.dispatchEvent(new CustomEvent(OPEN_SUBMIT_EVENT));
  } else if (authTrigger && typeof HTMLDialogElement === "function") {
    event.preventDefault();
    menu?.close();
    openAuthModal(authTrigger).catch(() => location.assign("/auth"));
  } else if (target.closest("[data-menu-open]")) {
    menu?.showModal();
    menuOpener?.setAttribute("aria-expanded", "true");
  } else if (target === menu || target.closest("[data-menu-close]")) {
    menu?.close();
  } else if (target.closest("[data-logout]")) {
    event.preventDefault();
    menu?.close();
    void logout();
  }
});

menu?.addEventListener("close", () => {
  menuOpener?.setAttribute("aria-expanded", "false");
});

bindToastHotkey();
showFlashedToast();
// The installable app: offline shell, saved gyms offline, push notifications.
registerServiceWorker();
