import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { pageQueryClient } from "./query-client";

/** Wraps an island in the page's shared QueryClient. */
export function PageQueries({ children }: { children: ReactNode }) {
  const [client] = useState(pageQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
