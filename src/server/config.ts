// Every setting of the server, its default and its validation. Defaults run the portal on one machine with
// SQLite and local files; each can be overridden from the environment (listed in docs/settings.md).
import { createECDH } from 'node:crypto';
import path from 'node:path';
import { IANAZone } from 'luxon';
import type { BrandingSettings } from '../shared/branding';
import { pushHostOf } from '../shared/push';
import { DEFAULT_TIMEZONE } from '../shared/study/assessmentSettings';
import type { S3Settings } from './storage/s3Storage';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  systemOwnerEmail: string;
  systemOwnerPassword: string | null;
  sessionHours: number;
  sessionSecret: string | null;
  branding: BrandingSettings;
  organizationNames: Record<string, string>;
  qaTools: boolean;
  coordinator: { phone: string; email: string };
  privacyPolicyUrl: string;
  login: { maxPerAccount: number; maxPerAddress: number; windowMinutes: number };
  bodyLimitBytes: number;
  logLevel: string;
  trustProxy: boolean;
  publicDir: string;
  /** Set when S3_BUCKET is: files then live in that S3-compatible bucket instead of the data folder. */
  s3: S3Settings | null;
  uploadUrlMinutes: number;
  downloadUrlMinutes: number;
  /** IANA time zones the EMA and diary settings may use, the first being a new setting's default. */
  timezones: string[];
  /** How long a participant app's sign-in lasts. */
  participantSessionDays: number;
  /** smtp://… or smtps://…; null: no mail is sent (participant password reset answers that mail is off). */
  smtpUrl: string | null;
  mailFrom: string;
  resetCodeMinutes: number;
  /** Web Push: the VAPID keys when set (else made once and kept in the database) and the contact subject. */
  vapid: { keys: { publicKey: string; privateKey: string } | null; subject: string };
  /** How often the push sender looks for prompts whose moment has come. */
  pushIntervalSeconds: number;
  /** How often the adherence digests are looked at (ALERT_INTERVAL_SECONDS). */
  alertIntervalSeconds: number;
  /** How often studies' retention dates are looked at: the week-before mail and the deletion (RETENTION_INTERVAL_SECONDS). */
  retentionIntervalSeconds: number;
  /** Hosts (host or host:port, as pushHostOf gives them) beside the web push services' that subscriptions may name. */
  pushEndpointHosts: string[];
  /** How often the prompt email sender looks for prompts due for email (issue 33). */
  emailIntervalSeconds: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes';
}

function list(env: Env, name: string): string[] | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  return raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
}

/** PORTAL_TIMEZONES: IANA names, comma-separated; an unknown name stops the start rather than a later save. */
function timezones(env: Env): string[] {
  const raw = env.PORTAL_TIMEZONES?.trim();
  if (!raw) return [DEFAULT_TIMEZONE];
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((name) => !IANAZone.isValidZone(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new ConfigError(`PORTAL_TIMEZONES must list IANA time zone names such as Asia/Hong_Kong (got "${unknown.join(', ') || raw}")`);
  }
  // Stored settings carry the zone's own spelling ("asia/hong_kong" is saved as Asia/Hong_Kong).
  const canonical = names.map((name) => new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone);
  return [...new Set(canonical)];
}

function smtpUrl(env: Env): string | null {
  const value = env.SMTP_URL?.trim() || null;
  if (value && !/^smtps?:\/\//.test(value)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  return value;
}

/** The address in a sender such as `Research Study <no-reply@localhost>`. */
function addressOf(sender: string): string {
  return /<([^<>]+)>/.exec(sender)?.[1]?.trim() ?? sender.trim();
}

/** A pair is checked at start, not at the first push: the public key must be the private key's. */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together; VAPID_SUBJECT is a mailto: or https: contact. */
function vapid(env: Env, mailFrom: string, ownerEmail: string): Config['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || null;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || null;
  if ((publicKey === null) !== (privateKey === null)) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  if (publicKey && privateKey && !isVapidPair(publicKey, privateKey)) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (npx web-push generate-vapid-keys)');
  }
  const fallback = env.MAIL_FROM?.trim() ? addressOf(mailFrom) : ownerEmail;
  const subject = text(env, 'VAPID_SUBJECT', `mailto:${fallback}`);
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new ConfigError('VAPID_SUBJECT must start with mailto: or https://');
  return { keys: publicKey && privateKey ? { publicKey, privateKey } : null, subject };
}

/** PUSH_ENDPOINT_HOSTS: hosts or host:port, comma-separated; one that is neither stops the start. */
function pushEndpointHosts(env: Env): string[] {
  const entries = list(env, 'PUSH_ENDPOINT_HOSTS') ?? [];
  const hosts = entries.map(pushHostOf);
  const wrong = entries.filter((_, i) => hosts[i] === null);
  if (wrong.length > 0) throw new ConfigError(`PUSH_ENDPOINT_HOSTS must list hosts or host:port, comma-separated (got "${wrong.join(', ')}")`);
  return hosts.filter((host): host is string => host !== null);
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const names = (env.PORTAL_ORG_NAMES?.trim() || 'Organization 1,Organization 2').split(',').map((s) => s.trim());
  if (names.length !== 2 || names.some((n) => !n)) {
    throw new ConfigError('PORTAL_ORG_NAMES must name the two organizations, separated by a comma');
  }
  const password = env.SYSTEM_OWNER_PASSWORD ? env.SYSTEM_OWNER_PASSWORD : null;
  if (password !== null && password.length < 8) {
    throw new ConfigError('SYSTEM_OWNER_PASSWORD must be at least 8 characters');
  }
  const secret = env.SESSION_SECRET?.trim() || null;
  if (secret !== null && secret.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters');
  const systemOwnerEmail = text(env, 'SYSTEM_OWNER_EMAIL', 'owner@localhost').toLowerCase();
  const mailFrom = text(env, 'MAIL_FROM', 'Research Study <no-reply@localhost>');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST', '0.0.0.0'),
    dataDir: path.resolve(text(env, 'DATA_DIR', './data')),
    databaseUrl,
    systemOwnerEmail,
    systemOwnerPassword: password,
    sessionHours: integer(env, 'SESSION_HOURS', 12, 1, 24 * 30),
    sessionSecret: secret,
    branding: {
      mainHost: text(env, 'PORTAL_MAIN_HOST', 'localhost').toLowerCase(),
      darkSubdomain: text(env, 'PORTAL_DARK_SUBDOMAIN', 'dark').toLowerCase(),
      siteName: text(env, 'PORTAL_SITE_NAME', 'Research Study'),
      darkSiteName: text(env, 'PORTAL_DARK_SITE_NAME', 'Research Study Green'),
      allowedSubdomains: list(env, 'PORTAL_ALLOWED_SUBDOMAINS'),
    },
    organizationNames: { '1': names[0], '2': names[1] },
    qaTools: flag(env, 'PORTAL_QA_TOOLS'),
    coordinator: {
      phone: text(env, 'PORTAL_COORDINATOR_PHONE', '+852 0000 0000'),
      email: text(env, 'PORTAL_COORDINATOR_EMAIL', 'coordinator@localhost'),
    },
    privacyPolicyUrl: text(env, 'PORTAL_PRIVACY_URL', '/participant_support#privacy'),
    login: {
      maxPerAccount: integer(env, 'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT', 10, 1, 10000),
      maxPerAddress: integer(env, 'LOGIN_MAX_ATTEMPTS_PER_ADDRESS', 50, 1, 100000),
      windowMinutes: integer(env, 'LOGIN_WINDOW_MINUTES', 15, 1, 1440),
    },
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1048576, 1024, 100 * 1048576),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    trustProxy: flag(env, 'TRUST_PROXY'),
    publicDir: path.resolve(text(env, 'PUBLIC_DIR', path.join(__dirname, '..', '..', 'public'))),
    s3: env.S3_BUCKET?.trim()
      ? {
          bucket: env.S3_BUCKET.trim(),
          region: text(env, 'S3_REGION', 'us-east-1'),
          endpoint: env.S3_ENDPOINT?.trim() || null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? Boolean(env.S3_ENDPOINT?.trim()) : flag(env, 'S3_FORCE_PATH_STYLE'),
        }
      : null,
    uploadUrlMinutes: integer(env, 'UPLOAD_URL_MINUTES', 15, 1, 24 * 60),
    downloadUrlMinutes: integer(env, 'DOWNLOAD_URL_MINUTES', 60, 1, 7 * 24 * 60),
    timezones: timezones(env),
    participantSessionDays: integer(env, 'PARTICIPANT_SESSION_DAYS', 90, 1, 3650),
    smtpUrl: smtpUrl(env),
    mailFrom,
    resetCodeMinutes: integer(env, 'RESET_CODE_MINUTES', 30, 5, 24 * 60),
    vapid: vapid(env, mailFrom, systemOwnerEmail),
    pushIntervalSeconds: integer(env, 'PUSH_INTERVAL_SECONDS', 10, 1, 3600),
    alertIntervalSeconds: integer(env, 'ALERT_INTERVAL_SECONDS', 300, 1, 3600),
    retentionIntervalSeconds: integer(env, 'RETENTION_INTERVAL_SECONDS', 3600, 1, 86400),
    pushEndpointHosts: pushEndpointHosts(env),
    emailIntervalSeconds: integer(env, 'EMAIL_INTERVAL_SECONDS', 10, 1, 3600),
  };
}
