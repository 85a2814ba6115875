// Builds the Fastify app from its plugins without listening, so tests drive it directly.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrateToLatest, openDatabase } from './db/database';
import { registerCompression } from './plugins/compression';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerEmptyBodies } from './plugins/emptyBodies';
import { registerInputValueChecks } from './plugins/inputValues';
import { RequestLog } from './plugins/requestLog';
import { createSessionCache } from './plugins/sessionCache';
import type { LiveSession } from './plugins/auth';
import type { ParticipantRow } from './db/types';
import { registerSecurityHeaders } from './plugins/security';
import { registerApiDocs } from './plugins/docs';
import { registerPortal } from './plugins/portal';
import { ensureSystemOwner, sessionSecret } from './services/identity/bootstrap';
import { createTokenSigner } from './services/identity/tokens';
import { createStorage } from './storage';
import { createMailer } from './services/identity/mail';
import { createAnswerStore } from './services/answers/answerStore';
import { mediaRoutes } from './routes/media';
import { uploadRoutes } from './routes/uploads';
import { configRoutes } from './routes/config';
import { sessionRoutes } from './routes/sessions';
import { secondFactorRoutes } from './routes/secondFactor';
import { secondFactorRequirementRoutes } from './routes/secondFactorRequirement';
import { labMemberRoutes } from './routes/labMembers';
import { labUserRoutes } from './routes/labUsers';
import { apiKeyRoutes } from './routes/apiKeys';
import { labRoutes } from './routes/labs';
import { accessRoutes } from './routes/access';
import { studyRoutes } from './routes/studies';
import { studyFileRoutes } from './routes/studyFiles';
import { questionnaireRoutes } from './routes/questionnaires';
import { redcapRoutes } from './routes/redcap';
import { mcSetRoutes } from './routes/mcSets';
import { systemOwnerStudyRoutes } from './routes/systemOwnerStudies';
import { studyPromptingRoutes } from './routes/studyPrompting';
import { dataRightsRoutes } from './routes/dataRights';
import { appDataRightsRoutes } from './routes/appDataRights';
import { systemOwnerQuestionnaireRoutes } from './routes/systemOwnerQuestionnaires';
import { participantRoutes } from './routes/participants';
import { participationStatusRoutes } from './routes/participationStatus';
import { studyProgressRoutes } from './routes/studyProgress';
import { appAccountRoutes } from './routes/appAccount';
import { appStudyRoutes } from './routes/appStudies';
import { dataDownloadRoutes } from './routes/dataDownloads';
import { imageDownloadRoutes } from './routes/imageDownloads';
import { appPushRoutes } from './routes/appPush';
import { appDeviceRoutes } from './routes/appDevice';
import { appPromptEmailRoutes } from './routes/appPromptEmails';
import { appSiteRoutes } from './routes/appSite';
import { pilotRoutes } from './routes/pilots';
import { pilotWarningRoutes } from './routes/pilotWarnings';
import { activityRoutes } from './routes/activity';
import { createPushSender, type PushTiming } from './services/push/pushSender';
import { vapidDetails } from './services/push/vapid';
import { createPushPoster } from './services/push/pushMessage';
import { participantMessageRoutes } from './routes/participantMessages';
import { allocationRoutes } from './routes/allocations';
import { appMessageRoutes } from './routes/appMessages';
import { attentionRoutes } from './routes/attention';
import { createAlertDigests } from './services/alerts/alertDigests';
import { createRetentionJob } from './services/studies/retention';
import { createPromptEmailSender, type EmailTiming, type PromptEmailSender } from './services/email/promptEmailSender';
import { createUnsubscribeTokens } from './services/email/unsubscribeToken';
import path from 'node:path';
import type { Agent } from 'node:https';
import pino from 'pino';

/** Sees every answer of every route; the tests check each against the OpenAPI document with it. */
export interface AnswerObserver {
  /** The handler's answer before serialisation, which drops what the schema does not list. */
  beforeSerialization(request: FastifyRequest, reply: FastifyReply, payload: unknown): void;
  /** The answer as it is sent (before compression). */
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): void;
}

export interface BuildOptions {
  /** PostgreSQL schema to use (tests); the default search path otherwise. */
  databaseSchema?: string;
  logger?: FastifyServerOptions['logger'];
  observeAnswers?: AnswerObserver;
  /** The https agent for requests to push services (tests: one trusting their own push service). */
  pushAgent?: Agent;
  /** The push sender's claim and timeout (tests: short ones). */
  pushTiming?: PushTiming;
  /** The prompt email sender's claim, timeout and first retry (tests: short ones). */
  emailTiming?: EmailTiming;
}

/** Request logs never carry tokens or passwords. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.token',
  'req.body.currentPassword',
  'req.body.newPassword',
  'req.body.code',
  'res.headers["set-cookie"]',
];

/**
 * Log lines are written in blocks of this many bytes, or after LOG_FLUSH_MS, or when the process exits, rather
 * than one write per line: a write per request was a tenth of the server's CPU under a load of answers. A
 * process killed outright loses at most this much of its last lines; on exit (a stop, a crash) they are written.
 */
export const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      stream: pino.destination({ dest: 1, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS, sync: false }),
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // allowUnionTypes: a list of types (an answer's value) never coerces a value that has one of them.
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allowUnionTypes: true } },
    return503OnClosing: true,
    logController: new RequestLog(),
    frameworkErrors,
  });
  const observer = options.observeAnswers;
  if (observer) {
    // First of all hooks, so every route has them and they see the answer before compression.
    app.addHook('preSerialization', async (request, reply, payload) => {
      observer.beforeSerialization(request, reply, payload);
      return payload;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      observer.onSend(request, reply, payload);
      return payload;
    });
  }

  const { db, kind, sqliteFile, writeCount, openReader } = openDatabase({
    url: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'portal.sqlite'),
    schema: options.databaseSchema,
  });
  app.addHook('onClose', async () => db.destroy());
  await migrateToLatest(db, options.databaseSchema);
  await ensureSystemOwner(db, config, app.log);
  const secret = await sessionSecret(db, config);
  const storage = createStorage(config, secret);
  app.addHook('onClose', async () => storage.close());
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const answers = createAnswerStore(db, sqliteFile);
  // On close, the answers already submitted are written before the writer stops.
  app.addHook('onClose', async () => answers.close());
  const vapid = await vapidDetails(db, config);
  const push = createPushSender({
    db,
    vapid,
    log: app.log,
    intervalMs: config.pushIntervalSeconds * 1000,
    endpointHosts: config.pushEndpointHosts,
    agent: options.pushAgent,
    timing: options.pushTiming,
  });
  // Registered after the database's: Fastify runs onClose hooks last first, so a push under way ends before it.
  app.addHook('onClose', async () => push.close());
  const alerts = createAlertDigests({ db, mailer, log: app.log, intervalMs: config.alertIntervalSeconds * 1000, config });
  app.addHook('onClose', async () => alerts.close());
  const retention = createRetentionJob({ db, mailer, storage, log: app.log, intervalMs: config.retentionIntervalSeconds * 1000, config });
  app.addHook('onClose', async () => retention.close());
  const unsubscribeTokens = createUnsubscribeTokens(secret);
  // Without SMTP_URL prompts are not emailed (createMailer says mail is off); those due retire at their window's end.
  let promptEmails: PromptEmailSender | null = null;
  if (config.smtpUrl) {
    const emails = createPromptEmailSender({
      db,
      log: app.log,
      intervalMs: config.emailIntervalSeconds * 1000,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      tokens: unsubscribeTokens,
      settings: config,
      timing: options.emailTiming,
    });
    app.addHook('onClose', async () => emails.close());
    promptEmails = emails;
  }
  const ctx: AppContext = {
    config,
    db,
    dbKind: kind,
    openReader,
    tokens: createTokenSigner(secret),
    storage,
    mailer,
    answers,
    sessions: createSessionCache<LiveSession>(writeCount),
    participantSessions: createSessionCache<ParticipantRow>(writeCount),
    push,
    alerts,
    retention,
    messagePush: createPushPoster({ db, vapid, log: app.log, endpointHosts: config.pushEndpointHosts, agent: options.pushAgent }),
    unsubscribeTokens,
    promptEmails,
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('participantAuth', null);

  registerErrorHandling(app);
  registerEmptyBodies(app);
  registerInputValueChecks(app);
  registerSecurityHeaders(app, storage.origins);
  registerCompression(app);
  await registerApiDocs(app);
  await registerPortal(app, config.publicDir, config.dataDir);

  await app.register(configRoutes);
  await app.register(appSiteRoutes);
  await app.register(sessionRoutes);
  await app.register(secondFactorRoutes);
  await app.register(secondFactorRequirementRoutes);
  await app.register(labMemberRoutes);
  await app.register(labUserRoutes);
  await app.register(apiKeyRoutes);
  await app.register(labRoutes);
  await app.register(accessRoutes);
  await app.register(studyRoutes);
  await app.register(studyFileRoutes);
  await app.register(questionnaireRoutes);
  await app.register(redcapRoutes);
  await app.register(mcSetRoutes);
  await app.register(systemOwnerStudyRoutes);
  await app.register(studyPromptingRoutes);
  await app.register(dataRightsRoutes);
  await app.register(appDataRightsRoutes);
  await app.register(systemOwnerQuestionnaireRoutes);
  await app.register(mediaRoutes);
  await app.register(uploadRoutes);
  await app.register(participantRoutes);
  await app.register(participationStatusRoutes);
  await app.register(participantMessageRoutes);
  await app.register(allocationRoutes);
  await app.register(attentionRoutes);
  await app.register(studyProgressRoutes);
  await app.register(activityRoutes);
  await app.register(appAccountRoutes);
  await app.register(appStudyRoutes);
  await app.register(appPushRoutes);
  await app.register(appMessageRoutes);
  await app.register(appDeviceRoutes);
  await app.register(appPromptEmailRoutes);
  await app.register(dataDownloadRoutes);
  await app.register(imageDownloadRoutes);
  await app.register(pilotRoutes);
  await app.register(pilotWarningRoutes);

  return app;
}
