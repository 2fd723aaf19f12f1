// The header and side menu work without React: this is all the script a guest page runs.
const menu = document.getElementById("side-menu") as HTMLDialogElement | null;
const menuOpener = document.querySelector<HTMLElement>("[data-menu-open]");

document.addEventListener("click", (event) => {
  const target = event.target as Element;
  if (target.closest("[data-menu-open]")) {
    menu?.showModal();
    menuOpener?.setAttribute("aria-expanded", "true");
  } else if (target === menu || target.closest("[data-menu-close]")) {
    menu?.close();
  } else if (target.closest("[data-logout]")) {
    event.preventDefault();
    fetch("/api/auth/logout", { method: "POST", credentials: "include" }).finally(() => {
      location.href = "/";
    });
  }
});

menu?.addEventListener("close", () => {
  menuOpener?.setAttribute("aria-expanded", "false");
  menuOpener?.focus();
});

export {};
