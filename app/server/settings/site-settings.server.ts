import { randomBytes } from "node:crypto";
import path from "node:path";
import type { CompanyDetails } from "../company.ts";
import type { PrintCheckSettings } from "../previews/print-settings.ts";
import type { ProformaPolicy } from "../quotations/proforma.ts";
import type { StoreLocation } from "../store/db.server.ts";
import { type MailAddress, readSettings, type Settings, type SettingsReader } from "./settings.server.ts";

export type SmtpSettings = {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  /** Longest wait for the mail server at each step up to the end of a message. */
  timeoutMs: number;
  /** Longest wait for the server to confirm a message it has received to the end. */
  confirmTimeoutMs: number;
};

export type UploadSettings = {
  maxFileBytes: number;
  maxFiles: number;
  clientQuotaBytes: number;
  totalQuotaBytes: number;
  /** An unfinished upload that has not moved for this long is deleted by the clean-up. */
  idleMs: number;
  /** A folder on this machine where a file sent without a script waits while it arrives whole. */
  incomingFolder: string;
  /** Where the files are: a folder on this machine, or a bucket every instance shares. */
  storage:
    | { folder: string }
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
      };
};

export type SiteSettings = {
  /** SQLite's file: the store unless DATABASE_URL is set. */
  databasePath: string;
  /** The store: SQLite's file, or the PostgreSQL database every instance shares. */
  store: StoreLocation;
  /** Undefined when SMTP_HOST is not set: inquiries are stored and wait for mail to be set up. */
  smtp: SmtpSettings | undefined;
  mailFrom: MailAddress;
  mailTo: string;
  retry: { baseMs: number; maxMs: number; maxAttempts: number };
  rateLimit: { max: number; windowMs: number };
  /** The signing key is FORM_SECRET's; without it, the store's own (storedFormSecret), put here once the store is open. */
  form: { secret: Buffer; secretFromStore: boolean; minFillMs: number; maxAgeMs: number };
  /** Days an inquiry is kept after it arrived. */
  retentionDays: number;
  /** The advance's share a proforma proposes, and whether the site issues it when a buyer accepts. */
  proforma: ProformaPolicy;
  /** The daily mail of inquiries waiting for a first reply: at this India time, those waiting this long; none when off. */
  digest: { time: string; waitingHours: number } | undefined;
  /** Undefined when UPLOADS=0. */
  uploads: UploadSettings | undefined;
  /** Where files are kept, artwork or not: the photo library's files are kept there also when UPLOADS=0. */
  fileStorage: UploadSettings["storage"];
  /** The print check's thresholds (PRINT_CHECK_*). */
  printCheck: PrintCheckSettings;
  /** "fast-for-tests" only in a test suite (STAFF_PASSWORD_HASHING). */
  passwordHashing: "standard" | "fast-for-tests";
};

/** The company's own mailbox: mail goes from and to it unless MAIL_FROM and MAIL_TO say otherwise. */
export type CompanyMailbox = Pick<CompanyDetails, "name" | "email">;

/**
 * What the site's services run with (store, mail, form, limits, retention), read by the one
 * reader of settings; a bad value throws an error that names it.
 */
export function readSiteSettings(
  company: CompanyMailbox,
  env: NodeJS.ProcessEnv = process.env,
  reader: SettingsReader = "server",
): SiteSettings {
  const e = readSettings(env, reader);
  const dataDir = path.resolve(e.DATA_DIR);
  const databasePath = e.DATABASE_PATH ? path.resolve(e.DATABASE_PATH) : path.join(dataDir, "inquiries.sqlite");
  return {
    databasePath,
    store: e.DATABASE_URL ? { postgresUrl: e.DATABASE_URL } : { sqliteFile: databasePath },
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
          secure: e.SMTP_SECURE,
          auth: e.SMTP_USER && e.SMTP_PASS ? { user: e.SMTP_USER, pass: e.SMTP_PASS } : undefined,
          timeoutMs: e.SMTP_TIMEOUT_SECONDS,
          confirmTimeoutMs: Math.max(e.SMTP_CONFIRM_TIMEOUT_SECONDS, e.SMTP_TIMEOUT_SECONDS),
        }
      : undefined,
    mailFrom: e.MAIL_FROM ?? { name: company.name, address: company.email },
    mailTo: e.MAIL_TO?.address ?? company.email,
    retry: {
      baseMs: e.MAIL_RETRY_SECONDS,
      maxMs: Math.max(e.MAIL_RETRY_SECONDS, e.MAIL_RETRY_MAX_SECONDS),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    rateLimit: { max: e.CONTACT_RATE_LIMIT, windowMs: e.CONTACT_RATE_WINDOW_MINUTES * 60_000 },
    form: {
      // Replaced by the store's key at start-up when FORM_SECRET is not set.
      secret: e.FORM_SECRET ? Buffer.from(e.FORM_SECRET, "utf8") : randomBytes(32),
      secretFromStore: e.FORM_SECRET === undefined,
      minFillMs: e.FORM_MIN_FILL_SECONDS,
      maxAgeMs: e.FORM_MAX_AGE_HOURS * 3_600_000,
    },
    retentionDays: e.INQUIRY_RETENTION_DAYS,
    proforma: { onAcceptance: e.PROFORMA_ON_ACCEPTANCE, advancePercent: e.ADVANCE_PERCENT },
    digest: e.DIGEST_WAITING_HOURS > 0 ? { time: e.DIGEST_TIME, waitingHours: e.DIGEST_WAITING_HOURS } : undefined,
    passwordHashing: e.STAFF_PASSWORD_HASHING,
    printCheck: {
      bleedMm: e.PRINT_CHECK_BLEED_MM,
      bleedToleranceMm: e.PRINT_CHECK_BLEED_TOLERANCE_MM,
      inkLimitPercent: e.PRINT_CHECK_INK_LIMIT_PERCENT,
      cutClearanceMm: e.PRINT_CHECK_CUT_CLEARANCE_MM,
      dielineNames: e.PRINT_CHECK_DIELINE_NAMES,
    },
    uploads: e.UPLOADS === "1" ? uploadSettings(e, dataDir) : undefined,
    fileStorage: fileStorage(e, dataDir),
  };
}

const MB = 1024 * 1024;

function uploadSettings(e: Settings, dataDir: string): UploadSettings {
  return {
    maxFileBytes: e.UPLOAD_MAX_FILE_MB * MB,
    maxFiles: e.UPLOAD_MAX_FILES,
    clientQuotaBytes: e.UPLOAD_CLIENT_QUOTA_MB * MB,
    totalQuotaBytes: e.UPLOAD_QUOTA_GB * 1024 * MB,
    idleMs: e.UPLOAD_IDLE_MINUTES * 60_000,
    incomingFolder: path.join(dataDir, "artwork-incoming"),
    storage: fileStorage(e, dataDir),
  };
}

function fileStorage(e: Settings, dataDir: string): UploadSettings["storage"] {
  return e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : { folder: path.join(dataDir, "artwork") };
}

let current: SiteSettings | undefined;

/**
 * The settings of this process, read once: at start-up, where the company's
 * details are handed in (startSiteServices), and the same ever after.
 */
export function siteSettings(company?: CompanyMailbox): SiteSettings {
  if (!current) {
    if (!company) throw new Error("The site's settings are read at start-up: startSiteServices() runs first.");
    current = readSiteSettings(company);
  }
  return current;
}
