import { useEffect, useState } from "react";

/** Below the width where the list becomes a side panel (styles.css: min-width 768px). */
export const PHONE_QUERY = "(max-width: 767px)";

/**
 * True on a phone-sized screen. The server and the first client render say false, so the
 * hydrated HTML matches the server's; the real answer follows in an effect, and changes with
 * the window. Only what appears after a tap may depend on it (the pin's card), never the first paint.
 */
export function usePhone(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(PHONE_QUERY);
    const update = () => setPhone(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return phone;
}
