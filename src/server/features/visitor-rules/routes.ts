import { Elysia } from "elysia";
import { schoolParams } from "../../../common/schemas/schedule-exceptions";
import { visitorRulesInputSchema } from "../../../common/schemas/visitor-rules";
import type { authGuard } from "../../policy/guard";
import { setVisitorRules, type VisitorRulesDeps } from "./service";

/** A school's visitor rules (issue 21): its owners and admins set them; the school's views carry them. */
export function visitorRuleRoutes(deps: VisitorRulesDeps, guard: ReturnType<typeof authGuard>) {
  return new Elysia({ name: "visitor-rule-routes" })
    .use(guard)
    .put(
      "/api/schools/:id/visitor-rules",
      ({ viewer, params, body }) => setVisitorRules(deps, viewer, params.id, body),
      { auth: "member", limit: "school.edit", params: schoolParams, body: visitorRulesInputSchema },
    );
}
