import { Elysia } from "elysia";
import * as v from "valibot";
import { MESSAGE_PAGE_SIZE, messageTexts, parseConversationId } from "../../../common/schemas/messages";
import { userIdParams } from "../../../common/schemas/users";
import { TABLE_FAMILIES, type VersionedTable } from "../../../db/table-versions";
import { conversationErrorPage, conversationPage, messagesPage } from "../../../pages/messages";
import { unsubscribePage } from "../../../pages/unsubscribe";
import type { AppContext } from "../../context";
import { HttpError } from "../../http/errors";
import { viewerFromSession } from "../../policy/guard";
import { membersOnlyPages } from "../../render/members-only";
import type { PageRenderer } from "../../render/page-renderer";
import type { RenderInput } from "../../render/render-page";
import type { sessionPlugin, ValidSession } from "../auth/service";
import {
  getConversation,
  listMessages,
  messagesPageData,
  openConversationWith,
  unsubscribe,
} from "./service";

const TOKEN_PARAM_MAX = 100;

/** The token of an unsubscribe request: the link's `?token=`, or the page form's field. */
function tokenOf(request: Request, body: unknown): string {
  const fromForm = (body as Record<string, unknown> | null | undefined)?.token;
  const token =
    typeof fromForm === "string" ? fromForm : (new URL(request.url).searchParams.get("token") ?? "");
  return token.slice(0, TOKEN_PARAM_MAX);
}

/**
 * RFC 8058: a mail provider posts `List-Unsubscribe=One-Click` from its own servers, with
 * neither Origin nor Sec-Fetch-Site. The link's token is the only credential, never a cookie.
 */
export const oneClickUnsubscribe = { method: "POST", path: /^\/unsubscribe$/ } as const;

/** What the conversation list is read from: the page is kept per member until one of them moves. */
const MESSAGES_TABLES: readonly VersionedTable[] = [...TABLE_FAMILIES.social, ...TABLE_FAMILIES.messages];

/**
 * /messages and /messages/{conversationId} (spec §2), rendered on the server from the
 * messages service; guests get the sign-in screen and come back after it. /unsubscribe is
 * the unread-message mail's link: its GET only shows a button, its POST (the button, or a
 * mail client's RFC 8058 one-click) turns the mail off, with no session.
 */
export function messagePageRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  const db = app.database.db;
  const viewerOf = (s: ValidSession) => viewerFromSession(s, app.env.ADMIN_EMAILS);

  const membersOnly = membersOnlyPages(render);

  const conversation = async (s: ValidSession, rawId: string): Promise<RenderInput> => {
    const id = parseConversationId(rawId);
    if (id === null) return conversationErrorPage(messageTexts.invalidConversation, 400);
    const viewer = viewerOf(s);
    try {
      const [view, messages] = await Promise.all([
        getConversation(db, viewer, id),
        listMessages(db, viewer, id, { limit: MESSAGE_PAGE_SIZE, beforeId: undefined }),
      ]);
      return conversationPage({
        viewerId: s.user.id,
        conversation: view,
        messages,
        now: app.now().toISOString(),
      });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        return conversationErrorPage(messageTexts.conversationNotFound, 404);
      }
      throw error;
    }
  };

  return (
    new Elysia({ name: "message-pages" })
      .use(session)
      .get("/messages", async (ctx) => {
        // The Message links' address before the page is hydrated (or without script): open the
        // conversation and go there. Creating is idempotent and an unwritten one is not listed.
        const to = v.safeParse(userIdParams, {
          userId: new URL(ctx.request.url).searchParams.get("to") ?? "",
        });
        if (ctx.session && to.success) {
          const opened = await openConversationWith(
            db,
            viewerOf(ctx.session),
            to.output.userId,
            app.now(),
          ).catch((error) => {
            if (error instanceof HttpError && error.status < 500) return null;
            throw error;
          });
          if (opened) {
            return new Response(null, {
              status: 303,
              headers: { location: `/messages/${opened.conversation.id}` },
            });
          }
        }
        return membersOnly(
          ctx,
          async (s) => {
            const { conversations, unreadTotal } = await messagesPageData(db, viewerOf(s));
            return messagesPage({
              viewerId: s.user.id,
              conversations,
              unreadTotal,
              now: app.now().toISOString(),
            });
          },
          MESSAGES_TABLES,
        );
      })
      .get("/messages/:conversationId", (ctx) =>
        membersOnly(ctx, (s) => conversation(s, ctx.params.conversationId)),
      )
      .get("/unsubscribe", (ctx) => {
        const token = tokenOf(ctx.request, undefined);
        return render(ctx, unsubscribePage(token ? { kind: "confirm", token } : { kind: "invalid" }));
      })
      // Also RFC 8058's one-click, posted by the mail provider with no Origin (oneClickUnsubscribe).
      .post("/unsubscribe", async (ctx) => {
        const done = await unsubscribe(db, tokenOf(ctx.request, ctx.body));
        return render(ctx, unsubscribePage(done ? { kind: "done" } : { kind: "invalid" }));
      })
  );
}
