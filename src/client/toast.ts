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

function viewport(): HTMLElement {
  let el = document.getElementById("toasts");
  if (!el) {
    el = document.createElement("section");
    el.id = "toasts";
    el.setAttribute("aria-label", "Notifications (F8)");
    el.tabIndex = -1;
    document.body.append(el);
  }
  return el;
}

function dismiss() {
  if (!current) return;
  clearTimeout(current.timer);
  current.el.remove();
  current = undefined;
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
