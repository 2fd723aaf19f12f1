import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import AuthForms from "../islands/AuthForms";

/**
 * The header's sign-in modal: the same forms as /auth in a <dialog>, which traps focus,
 * closes on Escape and hands focus back to the Sign In button when it closes.
 */
export function openAuthModal(next: string) {
  const dialog = document.createElement("dialog");
  dialog.className = "modal auth-modal";
  dialog.setAttribute("aria-label", "Sign in");
  const mount = document.createElement("div");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "icon-button modal-close";
  close.setAttribute("aria-label", "Close");
  close.textContent = "×";
  close.addEventListener("click", () => dialog.close());
  dialog.append(close, mount);
  document.body.append(dialog);
  const root = createRoot(mount);
  // Rendered synchronously so the form exists before focus moves into it.
  flushSync(() => root.render(<AuthForms mode="signin" next={next} />));
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    root.unmount();
    dialog.remove();
  });
  dialog.showModal();
  dialog.querySelector<HTMLInputElement>("input")?.focus();
  dialog.dataset.hydrated = "true";
}
