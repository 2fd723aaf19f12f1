import { Elysia } from "elysia";
import * as v from "valibot";
import { settingsMessages, updateSettingsSchema } from "../../../common/schemas/settings";
import type { AppContext } from "../../context";
import { HttpError } from "../../http/errors";
import { getUser } from "../auth/service";
import { requireSession, type sessionPlugin } from "../auth/session-plugin";
import * as settings from "./service";

const userIdParam = v.object({
  userId: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "User id must be a number"), v.transform(Number)),
});

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
        async ({ params, session }) => {
          requireSession(session);
          if (!(await getUser(db, params.userId))) throw new HttpError(404, "User Not Found");
          return settings.getPublicSettings(db, params.userId);
        },
        { params: userIdParam },
      )
  );
}
