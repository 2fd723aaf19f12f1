import { Elysia } from "elysia";
import { settingsMessages, updateSettingsSchema } from "../../../common/schemas/settings";
import { userIdParams } from "../../../common/schemas/users";
import type { AppContext } from "../../context";
import type { authGuard } from "../../policy/guard";
import * as settings from "./service";

/** Spec §7 "Location, settings": own settings read and patched; others' only as public. */
export function settingsRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  return new Elysia({ name: "settings-routes", prefix: "/api/settings" })
    .use(guard)
    .get("/", ({ member }) => settings.getOwnSettings(db, member.user.id), { auth: "member" })
    .patch(
      "/",
      async ({ body, member }) => ({
        message: settingsMessages.saved,
        settings: await settings.updateSettings(db, member.user.id, body),
      }),
      { auth: "member", limit: "profile.edit", body: updateSettingsSchema },
    )
    .get("/:userId", ({ params, viewer }) => settings.getPublicSettings(db, viewer, params.userId), {
      auth: "member",
      params: userIdParams,
    });
}
