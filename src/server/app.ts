import { Elysia } from "elysia";
import { openDatabase, replicaOf } from "../db/client";
import { migrate } from "../db/migrate";
import { watchWrites } from "../db/table-versions";
import { buildLabel } from "./build-info";
import type { AppContext } from "./context";
import type { Env } from "./env";
import { pruneOldEvents } from "./events/retention";
import { accountPageRoutes } from "./features/account/page-routes";
import { accountRoutes } from "./features/account/routes";
import { adminPageRoutes } from "./features/admin/page-routes";
import { apiDocRoutes } from "./features/api-docs/routes";
import { assetRoutes } from "./features/assets/routes";
import { authPageRoutes } from "./features/auth/page-routes";
import {
  pruneEmailVerificationTokens,
  pruneExpiredSessions,
  prunePasswordResetTokens,
} from "./features/auth/prune";
import { authRoutes } from "./features/auth/routes";
import type { AuthDeps } from "./features/auth/service";
import { createSessionCache } from "./features/auth/session-cache";
import { sessionPlugin } from "./features/auth/session-plugin";
import { scheduledBackups } from "./features/backups/job";
import { badgeRoutes } from "./features/badges/routes";
import { basemapRoutes, basemapUrlFor } from "./features/basemap/routes";
import { checkinRoutes } from "./features/checkins/routes";
import { seedDemoCommunityOnce } from "./features/demo-community/service";
import { drawnMapRoutes } from "./features/drawn-map/routes";
import { favoriteRoutes } from "./features/favorites/routes";
import { feedPageRoutes } from "./features/feed/page-routes";
import { feedbackRoutes } from "./features/feedback/routes";
import { createGeoServices } from "./features/geo/service";
import { timeZoneAt } from "./features/geo/time-zone";
import { goingRoutes } from "./features/going/routes";
import { cancellationMailJob, pruneOldGoing, remindersJob } from "./features/going/service";
import { healthRoutes } from "./features/health/routes";
import { homePageRoutes } from "./features/home/page-routes";
import { listingStatsRoutes } from "./features/listing-stats/routes";
import { closeListingTally } from "./features/listing-stats/service";
import { locationRoutes } from "./features/location/routes";
import { createMailOutbox, MAIL_JOB, type MailOutbox } from "./features/mail/outbox";
import { devMailboxPageRoutes } from "./features/mail/page-routes";
import { pruneOldMail } from "./features/mail/queries";
import { createMailTransport } from "./features/mail/transport";
import { memberCalendarRoutes } from "./features/member-calendar/routes";
import { messagePageRoutes, oneClickUnsubscribe } from "./features/messages/page-routes";
import { messageRoutes } from "./features/messages/routes";
import { messageMailJob, pruneUnsubscribeLinks } from "./features/messages/service";
import { metricsRoutes } from "./features/metrics/routes";
import { instrumentedMetrics } from "./features/metrics/service";
import { notificationRoutes } from "./features/notifications/routes";
import {
  NOTIFICATIONS_JOB,
  notificationsJob,
  pruneReadNotifications,
  wakesNotifications,
} from "./features/notifications/service";
import { ownerRoutes } from "./features/owners/routes";
import { photoRoutes, uploadBodyRoute } from "./features/photos/routes";
import { type PhotoDeps, pruneUploadTickets } from "./features/photos/service";
import { postPhotoRoutes } from "./features/posts/photo-routes";
import { canSeePostPhoto, pruneUnpostedPhotos } from "./features/posts/photos";
import { postRoutes } from "./features/posts/routes";
import { pushRoutes } from "./features/push/routes";
import { loadVapid, PUSH_SEND_JOB, pushEnqueueJob, pushSendJob } from "./features/push/service";
import { pwaPageRoutes } from "./features/pwa/page-routes";
import { pwaRoutes } from "./features/pwa/routes";
import { ratingRoutes } from "./features/ratings/routes";
import { reportRoutes } from "./features/reports/routes";
import { scheduleExceptionRoutes } from "./features/schedule-exceptions/routes";
import { pruneOldExceptions } from "./features/schedule-exceptions/service";
import { schoolHistoryRoutes } from "./features/school-history/routes";
import { schoolManagePageRoutes } from "./features/school-manage/page-routes";
import { schoolManageRoutes } from "./features/school-manage/routes";
import { hasDemoSchools, seedDemoSchoolsOnce } from "./features/schools/demo";
import { schoolPageRoutes } from "./features/schools/page-routes";
import { schoolRoutes } from "./features/schools/routes";
import { dayFlagsJob, schoolPagePaths } from "./features/schools/service";
import { seoRoutes } from "./features/seo/routes";
import { settingsRoutes } from "./features/settings/routes";
import { notFoundRoutes, sitePageRoutes } from "./features/site/page-routes";
import { staleListingRoutes } from "./features/stale-listings/routes";
import { submissionRoutes } from "./features/submissions/routes";
import { releaseStaleClaimsJob } from "./features/submissions/service";
import { profilePageRoutes } from "./features/users/page-routes";
import { userRoutes } from "./features/users/routes";
import { visitorRuleRoutes } from "./features/visitor-rules/routes";
import { errorMapper } from "./http/error-mapper";
import { pruneIdempotencyKeys } from "./http/idempotency";
import { keptAnswersOf } from "./http/kept-by-viewer";
import type { MemberLimitName } from "./http/member-limits";
import { type PipelineHandler, withPipeline } from "./http/pipeline";
import { pruneRateCounters } from "./http/rate-limit";
import { routeTemplates } from "./http/route-template";
import { onOneCopy } from "./jobs/one-copy";
import { pruneJob } from "./jobs/prune";
import { createJobRunner, type JobRunner } from "./jobs/runner";
import { createLiveHub, type LiveHub } from "./live/hub";
import { liveRoutes } from "./live/routes";
import { createLogger, type Logger } from "./log";
import { authGuard, type LimitCharge } from "./policy/guard";
import { loadIslands } from "./render/island";
import { memberHeaderOf } from "./render/member-header";
import { createPageRenderer } from "./render/page-renderer";
import { createStorage } from "./storage";

export interface App {
  /** Answers one request, exactly as the HTTP server would. */
  handle: PipelineHandler;
  context: AppContext;
  outbox: MailOutbox;
  /** Background jobs: mail delivery and pruning; tests call `jobs.runDue()`. */
  jobs: JobRunner;
  /** This copy's live event streams; the server ends them first when it stops. */
  live: LiveHub;
  /** Every route with the member limit it charges, if any (tests walk it). */
  routes: readonly RouteInfo[];
  /** Starts the jobs runner's timer; the server calls it, tests may not. */
  startWorkers(): void;
  close(): Promise<void>;
}

export interface RouteInfo {
  method: string;
  path: string;
  memberLimit: MemberLimitName | null;
}

/** A route's declared member limit: the `limit` option's hook carries the limit's name. */
function declaredLimit(hooks: unknown): MemberLimitName | null {
  const beforeHandle = (hooks as { beforeHandle?: { fn?: Partial<LimitCharge> }[] }).beforeHandle ?? [];
  return beforeHandle.find((hook) => hook.fn?.memberLimit)?.fn?.memberLimit ?? null;
}

export interface CreateAppOptions {
  env: Env;
  logger?: Logger;
  now?: () => Date;
}

/** Longer than loading the demo data ever takes; a copy that died while loading frees it then. */
const DEMO_SEED_HOLD_MS = 10 * 60_000;

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/** Opens and migrates the database, then composes the feature plugins. */
export async function createApp({ env, logger, now }: CreateAppOptions): Promise<App> {
  const log = logger ?? createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT);
  const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replicaOf(env));
  const applied = await migrate(database.client, { by: buildLabel() });
  if (applied) log.info("migrations applied", { count: applied });
  const metrics = instrumentedMetrics(database.client);
  await loadIslands();
  const storage = createStorage(env);
  const context: AppContext = { env, database, logger: log, now: now ?? (() => new Date()), storage };

  const development = env.NODE_ENV === "development";
  const transport = createMailTransport(env.SMTP_URL, env.MAIL_FROM, log, development);
  if (transport.kind === "none") {
    log.warn(
      "mail is not delivered: SMTP_URL is not set, so password-reset and verification mail goes nowhere",
    );
  }
  const photoDeps: PhotoDeps = {
    db: database.db,
    storage,
    now: context.now,
    publicUrl: env.PUBLIC_URL,
    unclaimedBytesLimit: env.UPLOAD_UNCLAIMED_MB * 1024 * 1024,
  };
  const outbox = createMailOutbox(database.db, transport, log, context.now, () => jobs.wake(MAIL_JOB));
  // Web Push's key pair: from the env, or made at first start and kept in the database.
  const vapid = await loadVapid(database.db, env, context.now());
  const jobs = createJobRunner({
    db: database.db,
    logger: log,
    now: context.now,
    onRun: metrics.job,
    jobs: [
      outbox.job,
      pruneJob("sessions", pruneExpiredSessions),
      pruneJob("password_reset_tokens", prunePasswordResetTokens),
      pruneJob("email_verification_tokens", pruneEmailVerificationTokens),
      pruneJob("rate_counters", (db, at, limit) => pruneRateCounters(db, at.getTime(), limit)),
      pruneJob("idempotency_keys", pruneIdempotencyKeys),
      pruneJob("mail_outbox", pruneOldMail),
      pruneJob("upload_tickets", (db, at, limit) => pruneUploadTickets(db, storage, at, limit)),
      pruneJob("post_photos", (db, at, limit) => pruneUnpostedPhotos(db, storage, at, limit)),
      pruneJob("domain_events", pruneOldEvents),
      notificationsJob(),
      pruneJob("notifications", pruneReadNotifications),
      messageMailJob({ send: (mail) => outbox.enqueue(mail), publicUrl: env.PUBLIC_URL }),
      pruneJob("unsubscribe_tokens", pruneUnsubscribeLinks),
      pruneJob("schedule_exceptions", pruneOldExceptions),
      dayFlagsJob,
      releaseStaleClaimsJob(),
      remindersJob(),
      cancellationMailJob({ send: (mail) => outbox.enqueue(mail), publicUrl: env.PUBLIC_URL }),
      pruneJob("occurrence_going", pruneOldGoing),
      pushEnqueueJob(() => jobs.wake(PUSH_SEND_JOB)),
      pushSendJob({ db: database.db, vapid, logger: log, now: context.now }),
      ...scheduledBackups(env),
    ],
  });
  const authDeps: AuthDeps = {
    db: database.db,
    now: context.now,
    publicUrl: env.PUBLIC_URL,
    adminEmails: env.ADMIN_EMAILS,
    sendMail: outbox.enqueue,
    signupLimit: env.SIGNUP_LIMIT,
    resendLimit: env.LIMIT_EMAIL_RESENDS_PER_HOUR,
  };
  const geo = createGeoServices(env.GEOCODER_URL, log);
  if (env.DEMO_DATA) {
    // Copies started at once on an empty database: one loads the demo data, the others start without it.
    await onOneCopy(database.db, "start:demo-data", context.now(), DEMO_SEED_HOLD_MS, async () => {
      const ingest = { db: database.db, now: context.now, timeZoneAt };
      const count = await seedDemoSchoolsOnce(ingest, geo.cities);
      if (count) log.info("demo data loaded", { schools: count });
      const community = await seedDemoCommunityOnce({ db: database.db, storage, now: context.now });
      if (community) log.info("demo community loaded", { ...community });
    });
  }
  const sessionCache = createSessionCache(env.SESSION_CACHE_MS);
  // A write on this copy that may end or change a session or its member (a sign-out, a
  // password or profile change, an account deleted): every session is looked up again.
  watchWrites(database.client, ["sessions", "users"], () => sessionCache.forgetAll());
  const session = sessionPlugin(context, sessionCache);
  const guard = authGuard(session, env.ADMIN_EMAILS, { db: database.db, now: context.now, config: env });
  // The header's badges: rendered into every member page, and sent by the live stream.
  const memberHeader = (userId: number) => memberHeaderOf(database.db, userId);
  const render = createPageRenderer(context, () => hasDemoSchools(database.db), memberHeader);
  const live = createLiveHub({
    db: database.db,
    logger: log,
    streamLimit: env.LIVE_STREAM_LIMIT,
    countsFor: async (userId) => {
      const { notifications, messages } = await memberHeader(userId);
      return { notifications, messages };
    },
  });

  const router = new Elysia()
    .use(routeTemplates())
    .use(errorMapper(log))
    .use(assetRoutes())
    .use(basemapRoutes({ publicUrl: env.PUBLIC_URL, file: env.BASEMAP_FILE || undefined }))
    .use(drawnMapRoutes({ db: database.db }))
    .use(healthRoutes({ client: database.client, jobs, logger: log }))
    .use(
      metricsRoutes({
        db: database.db,
        metrics,
        liveStreams: () => live.size,
        now: context.now,
        logger: log,
        token: env.METRICS_TOKEN,
        trustProxy: env.TRUST_PROXY,
      }),
    )
    .use(seoRoutes(context, () => schoolPagePaths(database.db)))
    .use(authRoutes(guard, authDeps))
    .use(accountRoutes(context, guard, authDeps))
    .use(memberCalendarRoutes({ db: database.db, now: context.now, publicUrl: env.PUBLIC_URL }, guard))
    .use(settingsRoutes(context, guard))
    .use(schoolRoutes(context, session, geo.schoolGeocoder))
    .use(favoriteRoutes(context, guard))
    .use(checkinRoutes(context, guard))
    .use(badgeRoutes(context, guard))
    .use(userRoutes(context, guard))
    .use(
      feedbackRoutes(
        {
          db: database.db,
          now: context.now,
          geocoder: geo.schoolGeocoder,
          timeZoneAt,
          hourlyLimit: env.LIMIT_FEEDBACK_PER_HOUR,
        },
        guard,
      ),
    )
    .use(
      submissionRoutes(
        {
          db: database.db,
          now: context.now,
          geocoder: geo.schoolGeocoder,
          timeZoneAt,
          sendMail: outbox.enqueue,
          dailyLimit: env.SUBMISSION_DAILY_LIMIT,
          publicUrl: env.PUBLIC_URL,
        },
        guard,
      ),
    )
    .use(
      reportRoutes(
        {
          db: database.db,
          storage,
          now: context.now,
          dailyLimit: env.LIMIT_REPORTS_PER_DAY,
          onStorageError: (error) =>
            log.warn("a reported post's photo was not deleted", { error: String(error) }),
        },
        guard,
      ),
    )
    .use(staleListingRoutes(context, guard))
    .use(
      ownerRoutes(
        {
          db: database.db,
          now: context.now,
          sendMail: outbox.enqueue,
          publicUrl: env.PUBLIC_URL,
          dailyLimit: env.LIMIT_CLAIMS_PER_DAY,
        },
        guard,
      ),
    )
    .use(scheduleExceptionRoutes({ db: database.db, now: context.now }, guard, keptAnswersOf(context)))
    .use(goingRoutes({ db: database.db, now: context.now }, guard, keptAnswersOf(context)))
    .use(
      schoolManageRoutes(
        { db: database.db, now: context.now, geocoder: geo.schoolGeocoder, timeZoneAt },
        guard,
      ),
    )
    .use(schoolHistoryRoutes(context, guard))
    .use(listingStatsRoutes(context, guard))
    .use(visitorRuleRoutes({ db: database.db, now: context.now }, guard))
    .use(ratingRoutes({ db: database.db, now: context.now }, guard, keptAnswersOf(context)))
    .use(photoRoutes(photoDeps, guard, (viewer, id) => canSeePostPhoto(database.db, viewer, id)))
    .use(postPhotoRoutes(photoDeps, guard))
    .use(postRoutes(context, guard))
    .use(liveRoutes(guard, live))
    .use(notificationRoutes(context, guard))
    .use(
      pushRoutes(
        { db: database.db, now: context.now, allowHttpLoopback: env.PUSH_ALLOW_HTTP_LOOPBACK },
        vapid,
        guard,
      ),
    )
    .use(messageRoutes(context, guard))
    .use(locationRoutes())
    .use(schoolPageRoutes(context, session, render))
    .use(schoolManagePageRoutes(context, session, render))
    .use(devMailboxPageRoutes(context, session, render))
    .use(profilePageRoutes(context, session, render))
    .use(feedPageRoutes(context, session, render))
    .use(messagePageRoutes(context, session, render))
    .use(adminPageRoutes(context, session, render))
    .use(authPageRoutes(session, render, authDeps))
    .use(accountPageRoutes(session, render, authDeps))
    .use(homePageRoutes(context, session, render, geo.schoolGeocoder, basemapUrlFor(env)))
    .use(sitePageRoutes(context, session, render))
    .use(pwaRoutes({ db: database.db, now: context.now }, guard))
    .use(pwaPageRoutes(session, render))
    .use(
      apiDocRoutes(
        { routes: (): readonly unknown[] => router.routes, publicUrl: env.PUBLIC_URL },
        session,
        render,
      ),
    )
    .use(notFoundRoutes(session, render));

  // A follow, like or check-in may have written an event for the bell: deliver it now.
  const routed = async (request: Request) => {
    const response = await router.handle(request);
    if (wakesNotifications(request, response)) jobs.wake(NOTIFICATIONS_JOB);
    return response;
  };
  const handle = withPipeline(routed, {
    publicUrl: env.PUBLIC_URL,
    // A basemap on another origin must be reachable from the page's scripts.
    // Photo uploads may go straight to a bucket.
    connectOrigins: [
      ...(env.BASEMAP_URL.startsWith("http") ? [new URL(env.BASEMAP_URL).origin] : []),
      ...(storage.uploadOrigin ? [storage.uploadOrigin] : []),
    ],
    rawBodyRoutes: [uploadBodyRoute],
    headerlessWrites: [oneClickUnsubscribe],
    logger: log,
    trustProxy: env.TRUST_PROXY,
    logAddresses: env.LOG_ADDRESSES,
    onResponse: metrics.request,
  });
  return {
    handle,
    context,
    outbox,
    jobs,
    live,
    routes: router.routes.map((route) => ({
      method: route.method,
      path: route.path,
      memberLimit: declaredLimit(route.hooks),
    })),
    startWorkers: () => jobs.start(),
    close: once(async () => {
      await live.close();
      await jobs.stop();
      await outbox.close();
      // Page views this copy counted but has not written yet.
      await closeListingTally(database.db).catch((error) =>
        log.warn("listing counts not written", { error: String(error) }),
      );
      await database.close();
    }),
  };
}
