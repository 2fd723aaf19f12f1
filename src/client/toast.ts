export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Spec §9: 5000 ms unless said otherwise. */
  durationMs?: number;
  /** Background news (such as where the map thinks you are) waits its turn instead of replacing a toast. */
  unlessShowing?: boolean;
}

let current: { el: HTMLElement; timer: ReturnType<typeof setTimeout> } | undefined;
let region: HTMLElement | undefined;
let modalWatcher: MutationObserver | undefined;

/**
 * The open modal dialog that is on top. Everything outside it is inert (neither clickable nor
 * read by screen readers), so the toasts must be inside it. The top layer's order is not
 * exposed; the last in document order is the newest in this app (a modal opened from
 * another one renders after it).
 */
function topModal(): HTMLDialogElement | undefined {
  return [...document.querySelectorAll<HTMLDialogElement>("dialog[open]")]
    .filter((dialog) => dialog.matches(":modal"))
    .at(-1);
}

const hostNow = () => topModal() ?? document.body;

/**
 * Puts the region in the topmost modal dialog (else the body) and shows it as a manual
 * popover: the top layer stacks in the order things were shown, so a popover shown now is above
 * every dialog opened before. Moving it hides it, hence the show after every placement.
 */
function place(el: HTMLElement) {
  const host = hostNow();
  if (el.parentElement !== host) host.append(el);
  if (typeof el.showPopover !== "function") return; // no popover support: its z-index applies
  if (el.matches(":popover-open")) el.hidePopover();
  el.showPopover();
}

function viewport(): HTMLElement {
  if (!region) {
    region = document.createElement("section");
    region.id = "toasts";
    region.setAttribute("aria-label", "Notifications (F8)");
    region.setAttribute("popover", "manual");
    region.tabIndex = -1;
  }
  place(region);
  return region;
}

/** While a toast shows, a modal opening or closing takes the region with it (or out of it). */
function followModals() {
  if (modalWatcher) return;
  modalWatcher = new MutationObserver(() => {
    if (region && region.parentElement !== hostNow()) place(region);
  });
  modalWatcher.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["open"],
  });
}

function dismiss() {
  if (!current) return;
  clearTimeout(current.timer);
  current.el.remove();
  current = undefined;
  modalWatcher?.disconnect();
  modalWatcher = undefined;
}

/** One toast at a time (spec §9): a new one replaces the old. Announced politely. */
export function showToast({
  title,
  description,
  variant = "default",
  durationMs = 5000,
  unlessShowing,
}: ToastOptions) {
  if (unlessShowing && current) return;
  dismiss();
  const el = document.createElement("div");
  el.className = `toast toast-${variant}`;
  el.setAttribute("role", variant === "destructive" ? "alert" : "status");
  const heading = document.createElement("strong");
  heading.textContent = title;
  el.append(heading);
  if (description) {
    const p = document.createElement("p");
    p.textContent = description;
    el.append(p);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", "Dismiss notification");
  close.textContent = "×";
  close.addEventListener("click", dismiss);
  el.append(close);
  viewport().append(el);
  current = { el, timer: setTimeout(dismiss, durationMs) };
  followModals();
}

const FLASH_KEY = "openmat:flash";

/** Shows a toast on the next page, for messages that come right before a navigation. */
export function flashToast(options: ToastOptions) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(options));
  } catch {
    // Storage can be off (private mode); the message is a courtesy, not state.
  }
}

export function showFlashedToast() {
  try {
    const stored = sessionStorage.getItem(FLASH_KEY);
    if (!stored) return;
    sessionStorage.removeItem(FLASH_KEY);
    showToast(JSON.parse(stored) as ToastOptions);
  } catch {
    // Nothing to show.
  }
}

/** F8 moves focus to the notifications region (spec §9 toast hotkey). */
export function bindToastHotkey() {
  document.addEventListener("keydown", (event) => {
    if (event.key === "F8") viewport().focus();
  });
}
