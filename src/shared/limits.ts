// Business constants of the specification (part 1 section 9, part 2 section 9) and the project's own limits.

export const PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
/**
 * The highest page number a list call accepts: far beyond any lab's lists (ten million rows), and low enough
 * that the row offset stays a small integer on every database. The portal asks for at most this page, so a
 * page number in its address above it still lands on the last page (docs/decisions.md).
 */
export const MAX_PAGE_NUMBER = 1_000_000;

/**
 * The largest magnitude of a number in a request where a rule with its own message judges a tighter range (a
 * setting's number as typed, a declared file size, an organization code, a slider's ends, a numeric answer):
 * far past every such range, so the rule's message answers, and exact as a double, so no sum or offset made
 * from it goes wrong on either database.
 */
export const NUMBER_INPUT_LIMIT = 1_000_000_000_000;

/**
 * The longest text a field accepts where a rule with its own message judges a shorter length (the consent
 * form): the default request body limit, so that for anything a request carries the rule's message answers.
 */
export const TEXT_INPUT_MAX_CHARS = 1_048_576;
export const TOAST_AUTO_HIDE_MS = 3000;
export const STORAGE_QUOTA_BYTES = 2147483648;
export const LIST_DATE_LENGTH = 10;
export const DEFAULT_LANDING = '/studies/1';
export const RICH_TEXT_HISTORY = { delay: 500, maxStack: 100 } as const;
export const STAGE_COLUMN_WIDTH_PX = 400;
export const OTHER_COLUMN_WIDTH_PX = 300;
export const TEXT_DOWNLOAD_TIMEOUT_MS = 300000;
/** How old the permission entries may be when the portal's window regains focus before they are read again. */
export const ACCESS_REREAD_AFTER_MS = 60_000;

/** EMA and diary settings: the minimums of part 2 section 9, and bounds the specification leaves open so that
 * no setting can ask for an unbounded plan. */
export const MIN_REMINDER_INTERVAL_MINUTES = 5;
export const MIN_RESPONSE_IN_MINUTES = 5;
export const MAX_NUMBER_OF_DAYS = 366;
export const MAX_TIMES_PER_DAY = 48;
export const MAX_MINUTES = 1440;

/**
 * How far ahead of the server's clock a moment the participant app reports (startedAt, submittedAt, an event's
 * `at`) may be: a phone's clock runs a little off; a moment further ahead is refused (docs/decisions.md).
 */
export const FUTURE_SKEW_MINUTES = 5;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const LAB_NAME_MAX_LENGTH = 200;

/** Shows the date part only, as every list of the specification does. */
export function listDate(createdAt: string): string {
  return createdAt.slice(0, LIST_DATE_LENGTH);
}

/** A push subscription's endpoint: push services' are a few hundred characters; this leaves room for any. */
export const PUSH_ENDPOINT_MAX_CHARS = 2048;

/** Task events (delivered, opened) in one report of the participant app. */
export const EVENTS_PER_REPORT_MAX = 500;

/** The device report (POST /api/app/device): the app's version text, and an IANA zone name (the longest are ~30). */
export const APP_VERSION_MAX_CHARS = 64;
export const TIMEZONE_MAX_CHARS = 64;
/** Answers kept on a phone that one report may name: far above any real outbox, low enough to stay a plain integer. */
export const PENDING_ANSWERS_MAX = 100_000;

/** A follow-up prompt comes at most this many minutes after its trigger's answer (issue 34 part 1). */
export const MAX_FOLLOWUP_AFTER_MINUTES = 1440;
/** Follow-up rules per participant group: a limit of the project. */
export const MAX_FOLLOWUP_RULES = 50;
/** A follow-up rule plans at most this many prompts a day (max_per_day), a limit of the project. */
export const MAX_FOLLOWUPS_PER_DAY = 100;
/** Score conditions of one follow-up rule (issue 34 part 2): a limit of the project. */
export const MAX_SCORE_CONDITIONS = 20;
