import { createContext, useContext } from "react";

/** The signed-in member as pages see them; never holds secrets. */
export interface Viewer {
  id: number;
  username: string;
  role: "member" | "admin";
  /** The served photo path (its 96 px variant is used in the header), or null. */
  profilePhoto: string | null;
  unreadNotifications: number;
  unreadMessages: number;
  /** The newest domain event when the page was rendered: where its live stream starts. */
  liveFrom: number;
}

export interface PageContextValue {
  publicUrl: string;
  path: string;
  /** The query string, with its leading '?', or ''. */
  search: string;
  viewer: Viewer | null;
  nonce: string;
  year: number;
  /** Demo schools exist: pages say so, quietly. */
  demoData: boolean;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const ctx = useContext(PageContext);
  if (!ctx) throw new Error("usePage() outside a page render");
  return ctx;
}
