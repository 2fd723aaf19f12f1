import { Elysia } from "elysia";
import { settingsMessages, updateSettingsSchema } from "../../../common/schemas/settings";
import { userIdParams } from "../../../common/schemas/users";
import type { AppContext } from "../../context";
import { viewerFromSession } from "../../policy/guard";
import { requireSession, type sessionPlugin } from "../auth/session-plugin";
import * as settings from "./service";

/** Spec §7 "Location, settings": own settings read and patched; others' only as public. */
export function settingsRoutes(app: AppContext, session: ReturnType<typeof sessionPlugin>) {
  const db = app.database.db;
  return (
    new Elysia({ name: "settings-routes", prefix: "/api/settings" })
      .use(session)
      // Guests get 401 before their body is validated: signed-in state decides first.
      .onTransform(({ session }) => void requireSession(session))
      .get("/", ({ session }) => settings.getSettings(db, requireSession(session).user.id))
      .patch(
        "/",
        async ({ body, session }) => ({
          message: settingsMessages.saved,
          settings: await settings.updateSettings(db, requireSession(session).user.id, body),
        }),
        { body: updateSettingsSchema },
      )
      .get(
        "/:userId",
        ({ params, session }) =>
          settings.getPublicSettings(
            db,
            viewerFromSession(requireSession(session), app.env.ADMIN_EMAILS),
            params.userId,
          ),
        { params: userIdParams },
      )
  );
}
