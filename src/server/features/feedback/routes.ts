import { Elysia } from "elysia";
import { feedbackSchema } from "../../../common/schemas/feedback";
import type { AppContext } from "../../context";
import { requestMeta } from "../../http/request-meta";
import type { authGuard } from "../../policy/guard";
import { feedbackForAdmins, submitFeedback } from "./service";

/** Spec §7 "Feedback": anyone posts; only admins list (private comments are theirs alone). */
export function feedbackRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  return new Elysia({ name: "feedback-routes", prefix: "/api/feedback" })
    .use(guard)
    .post(
      "/",
      async ({ body, session, request, set }) => {
        const who = { userId: session?.user.id ?? null, ip: requestMeta(request).ip };
        const result = await submitFeedback(db, body, who, app.now());
        set.status = 201;
        return result;
      },
      { body: feedbackSchema },
    )
    .get("/", ({ viewer }) => feedbackForAdmins(db, viewer), { auth: "admin" });
}
