import { Elysia } from "elysia";
import { devMailboxPage } from "../../../pages/dev-mailbox";
import type { AppContext } from "../../context";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/session-plugin";
import { listDevMail } from "./queries";

/** The dev mailbox: mail kept in the database when no SMTP server is set. Never in production. */
export function devMailboxRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  const routes = new Elysia({ name: "dev-mailbox" }).use(session);
  if (app.env.NODE_ENV === "production") return routes;
  return routes
    .get("/dev/mailbox", async (ctx) => render(ctx, devMailboxPage(await listDevMail(app.database.db))))
    .get("/dev/mailbox.json", async () => ({ mails: await listDevMail(app.database.db) }));
}
