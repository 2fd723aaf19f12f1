import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import type { HomeScreenProps } from "../common/home";
import { HomeLayout } from "./home/HomeLayout";
import { makeQueryClient } from "./home/query-client";
import { createHomeStore, HomeStoreContext } from "./home/use-home-state";

/**
 * The home screen island (spec §2 "Map and home screen"). Each render on the server and
 * each hydration gets its own query cache, seeded with the props, and its own UI store.
 */
export default function HomeScreen(props: HomeScreenProps) {
  const [client] = useState(() => makeQueryClient(props));
  const [store] = useState(() => createHomeStore(props));
  return (
    <QueryClientProvider client={client}>
      <HomeStoreContext.Provider value={store}>
        <HomeLayout {...props} />
      </HomeStoreContext.Provider>
    </QueryClientProvider>
  );
}
