import { Elysia } from "elysia";
import { devMailboxPage } from "../../../pages/dev-mailbox";
import type { AppContext } from "../../context";
import { isLoopbackClient } from "../../http/loopback";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import { listDevMail } from "./queries";

/**
 * Whether this server has a dev mailbox at all: it holds reset links, so only when
 * development was asked for by name, and never on a public https origin.
 */
export const devMailboxEnabled = (env: AppContext["env"]) =>
  env.NODE_ENV === "development" && !env.PUBLIC_URL.startsWith("https:");

/** The dev mailbox: mail kept in the database when no SMTP server is set, shown to this machine only. */
export function devMailboxPageRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  const routes = new Elysia({ name: "dev-mailbox" }).use(session);
  if (!devMailboxEnabled(app.env)) return routes;
  const db = app.database.db;
  return routes
    .onBeforeHandle({ as: "local" }, ({ request, status }) => {
      if (!isLoopbackClient(request, app.env.TRUST_PROXY)) return status(404, { message: "Not found" });
    })
    .get("/dev/mailbox", async (ctx) => render(ctx, devMailboxPage(await listDevMail(db))))
    .get("/dev/mailbox.json", async () => ({ mails: await listDevMail(db) }));
}
