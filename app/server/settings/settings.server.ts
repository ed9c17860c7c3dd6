import { isIP } from "node:net";
import addressparser from "nodemailer/lib/addressparser";
import * as v from "valibot";

/**
 * Every setting the server reads from its environment, in one schema with one
 * set of rules: a setting left out takes its default; a setting that is there
 * must have a valid value, and an empty one is an error too (in a service file,
 * `PORT=` is more often a slip than a wish for the default). Each problem is
 * reported in one format, naming the setting: "  NAME: what is wrong".
 *
 * The HTTP server (server.ts) and the contact form's services
 * (env.server.ts) both read their settings here.
 */

export type MailAddress = { name: string; address: string };

const flag = v.pipe(
  v.optional(v.picklist(["0", "1", "true", "false"], 'must be "1" or "0"'), "0"),
  v.transform((value) => value === "1" || value === "true"),
);

function wholeNumber(min: number, max: number) {
  return v.pipe(
    v.string(),
    v.regex(/^\d+$/, "must be a whole number"),
    v.transform(Number),
    v.minValue(min, `must be from ${min} to ${max}`),
    v.maxValue(max, `must be from ${min} to ${max}`),
  );
}

/** A number of seconds, read as milliseconds. */
function seconds(fallback: string, min: number, max = Number.POSITIVE_INFINITY) {
  const range = max === Number.POSITIVE_INFINITY ? `at least ${min}` : `from ${min} to ${max}`;
  return v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d+(\.\d+)?$/, "must be a number of seconds, such as 30 or 0.5"),
    v.transform((value) => Math.round(Number(value) * 1000)),
    v.minValue(min * 1000, `must be ${range}`),
    v.maxValue(max * 1000, `must be ${range}`),
  );
}

/** A number, whole or with decimals, within a range. */
function decimal(fallback: string, min: number, max: number, unit: string) {
  const range = `must be a number of ${unit} from ${min} to ${max}, such as ${fallback}`;
  return v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d+(\.\d+)?$/, range),
    v.transform(Number),
    v.minValue(min, range),
    v.maxValue(max, range),
  );
}

/** Names separated by commas, none empty. */
const nameList = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform((value) => value.split(",").map((name) => name.trim())),
    v.check(
      (names) => names.every((name) => /[\p{L}\p{N}]/u.test(name)),
      "must be names separated by commas, such as Dieline,Die,CutContour",
    ),
  );

const text = v.string();

function mailbox(what: string) {
  return v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const [entry, ...rest] = addressparser(dataset.value);
      if (entry?.address === undefined || rest.length > 0 || !isAddress(entry.address)) {
        addIssue({ message: `must be one ${what} address, such as "Sales <sales@example.com>" or sales@example.com` });
        return NEVER;
      }
      return { name: entry.name, address: entry.address } satisfies MailAddress;
    }),
  );
}

function isAddress(value: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value);
}

/** The names Express knows for whole address ranges. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops in X-Forwarded-For to believe: none, the nearest N, or exactly
 * the proxies at the addresses named. Never "all": the leftmost entry is
 * whatever the visitor wrote, so trusting every hop lets anyone choose the
 * address they are counted under.
 */
const trustProxy = v.pipe(
  v.optional(v.string(), "0"),
  v.rawTransform(({ dataset, addIssue, NEVER }): false | number | string[] => {
    const value = dataset.value.trim();
    if (value === "0" || value === "false") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    addIssue({
      message:
        value === "true"
          ? 'must name the proxies to trust; "true" would trust every hop, and visitors could choose their address. Use a number of proxies (such as 1) or their addresses (such as loopback or 10.0.0.0/8)'
          : "must be a number of proxies (such as 1), or proxy addresses and ranges separated by commas (such as loopback,10.0.0.0/8)",
    });
    return NEVER;
  }),
);

const SettingsSchema = v.pipe(
  v.object({
    // The HTTP server.
    PORT: v.optional(wholeNumber(0, 65535), "3000"),
    HOST: v.optional(text, "127.0.0.1"),
    /** Behind a reverse proxy: how many there are, or their addresses, so client addresses come from X-Forwarded-For. */
    TRUST_PROXY: trustProxy,
    /** 1 where the site is served over HTTPS: browsers are then told to use nothing else. */
    HSTS: flag,
    /** Where the build to serve is, relative to the project. */
    BUILD_DIR: v.optional(text, "build"),
    /** 1 turns request logging off (one line per request otherwise). */
    QUIET: flag,
    /** text: one readable line per request; json: one JSON object per line, for a log collector. */
    LOG_FORMAT: v.optional(v.picklist(["text", "json"], 'must be "text" or "json"'), "text"),
    /**
     * The longest a client may take to send a whole request. The largest form
     * (64 kB) takes a phone on 2G about 20 s at worst; a client slower than 30 s
     * is holding a connection, not sending a form.
     */
    REQUEST_TIMEOUT_SECONDS: seconds("30", 1, 3600),

    // The inquiry database.
    /** The folder for the inquiry database, relative to where the server starts. */
    DATA_DIR: v.optional(text, "data"),
    DATABASE_PATH: v.optional(text),
    /**
     * postgres://user:password@host:port/database: every instance shares one
     * PostgreSQL database instead of the SQLite file, so several can run at once.
     */
    DATABASE_URL: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^postgres(ql)?:\/\/[^\s]+$/,
          "must be a PostgreSQL address, such as postgres://site:secret@db.internal:5432/site",
        ),
      ),
    ),

    // Mail.
    SMTP_HOST: v.optional(text),
    SMTP_PORT: v.optional(wholeNumber(1, 65535)),
    SMTP_SECURE: flag,
    SMTP_USER: v.optional(text),
    SMTP_PASS: v.optional(text),
    SMTP_TIMEOUT_SECONDS: seconds("30", 0.1),
    // RFC 5321 (4.5.3.2.6) asks a client to wait 10 minutes for this answer: the server
    // may be scanning or filing the message, and a mail given up on here may still arrive.
    SMTP_CONFIRM_TIMEOUT_SECONDS: seconds("600", 0.1),
    // Left out, mail goes from and to the company's own mailbox (readSiteSettings), which is content.
    MAIL_FROM: v.optional(mailbox("sender")),
    MAIL_TO: v.optional(mailbox("recipient")),
    MAIL_RETRY_SECONDS: seconds("30", 0.01),
    MAIL_RETRY_MAX_SECONDS: seconds("3600", 0.01),
    MAIL_MAX_ATTEMPTS: v.optional(wholeNumber(1, 100), "12"),

    // The contact form.
    CONTACT_RATE_LIMIT: v.optional(wholeNumber(1, 10000), "5"),
    CONTACT_RATE_WINDOW_MINUTES: v.optional(wholeNumber(1, 1440), "10"),
    FORM_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters long"))),
    FORM_MIN_FILL_SECONDS: seconds("3", 0),
    FORM_MAX_AGE_HOURS: v.optional(wholeNumber(1, 24 * 366), "24"),

    // Artwork uploads with quote requests.
    /** 0 turns artwork uploads off: the quote request then asks for files by e-mail. */
    UPLOADS: v.optional(v.picklist(["0", "1"], 'must be "1" or "0"'), "1"),
    UPLOAD_MAX_FILE_MB: v.optional(wholeNumber(1, 5000), "200"),
    UPLOAD_MAX_FILES: v.optional(wholeNumber(1, 50), "10"),
    /** Bytes one client may have uploaded and not yet sent with a request (an IPv6 /48 counts as one client). */
    UPLOAD_CLIENT_QUOTA_MB: v.optional(wholeNumber(1, 100_000), "2000"),
    /** All artwork stored at once, sent with requests or not; beyond it new uploads are refused (507). */
    UPLOAD_QUOTA_GB: v.optional(wholeNumber(1, 100_000), "20"),
    /** An upload not finished and left without a byte for this long is deleted, giving its room back. */
    UPLOAD_IDLE_MINUTES: v.optional(wholeNumber(1, 7 * 24 * 60), "60"),
    /** An S3-compatible bucket for the files, which several instances share; a folder under DATA_DIR otherwise. */
    S3_BUCKET: v.optional(text),
    /** The service's address, for anything but AWS itself (Cloudflare R2, MinIO, Ceph…). */
    S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url("must be an address, such as https://s3.example.com"))),
    S3_REGION: v.optional(text, "us-east-1"),
    S3_ACCESS_KEY_ID: v.optional(text),
    S3_SECRET_ACCESS_KEY: v.optional(text),
    /** 1 for services that name the bucket in the path rather than the host (MinIO and most self-hosted ones). */
    S3_FORCE_PATH_STYLE: flag,

    // The print check of artwork files: its thresholds.
    /** Bleed asked for beyond the trim or the dieline, in millimetres. */
    PRINT_CHECK_BLEED_MM: decimal("3", 0, 20, "millimetres"),
    /** A page this close to the size asked for plus the bleed on every side is read as trim plus bleed. */
    PRINT_CHECK_BLEED_TOLERANCE_MM: decimal("0.5", 0, 5, "millimetres"),
    /** The most ink, all separations together, one spot may carry, in per cent. */
    PRINT_CHECK_INK_LIMIT_PERCENT: v.optional(wholeNumber(100, 500), "300"),
    /** Live text nearer the trim or the dieline than this is to be checked. */
    PRINT_CHECK_CUT_CLEARANCE_MM: decimal("3", 0, 20, "millimetres"),
    /** Separations and layers named like these hold the die's lines. */
    PRINT_CHECK_DIELINE_NAMES: nameList("Dieline,Die,CutContour,Cut,Crease"),

    // Leads waiting for a first reply.
    /** When (India time, HH:MM) the company is mailed the list of inquiries still waiting for a first reply. */
    DIGEST_TIME: v.optional(
      v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day such as 09:30")),
      "09:30",
    ),
    /** An inquiry is listed once it has waited this many hours without a reply; 0 turns the daily list off. */
    DIGEST_WAITING_HOURS: v.optional(wholeNumber(0, 720), "4"),

    // The advance on an accepted quotation.
    /** 1 issues the proforma invoice for the advance as soon as a buyer accepts; 0 leaves it to staff. */
    PROFORMA_ON_ACCEPTANCE: flag,
    /** The advance a proforma asks for, in whole percent of the accepted total (staff may change it per proforma). */
    ADVANCE_PERCENT: v.optional(wholeNumber(1, 100), "50"),

    // Personal data.
    /** An inquiry, with its mails and notes, is deleted this many days after it arrived (the daily clean-up). */
    INQUIRY_RETENTION_DAYS: v.optional(wholeNumber(1, 3650), "730"),

    // Staff sign-in.
    /**
     * "fast-for-tests" hashes new staff passwords at a cost a test suite can
     * afford and an attacker could too; the server refuses it on a database
     * that already holds a password hashed at the standard cost.
     */
    STAFF_PASSWORD_HASHING: v.optional(
      v.picklist(["standard", "fast-for-tests"], 'must be "standard" or "fast-for-tests"'),
      "standard",
    ),
  }),
  v.forward(
    v.check(
      (settings) => (settings.SMTP_USER === undefined) === (settings.SMTP_PASS === undefined),
      "SMTP_USER and SMTP_PASS go together: set both or neither",
    ),
    ["SMTP_PASS"],
  ),
);

export type Settings = v.InferOutput<typeof SettingsSchema>;

const SETTING_NAMES = Object.keys(SettingsSchema.entries);

/**
 * Who reads the settings: the server, or a command run by hand (npm run
 * inquiries, staff, backup), which stores no artwork and so needs no bucket.
 */
export type SettingsReader = "server" | "command";

/** Reads every setting at once; any problem throws one error that lists each, naming the setting. */
export function readSettings(env: NodeJS.ProcessEnv = process.env, reader: SettingsReader = "server"): Settings {
  const given = Object.fromEntries(
    SETTING_NAMES.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])),
  );
  const empty = SETTING_NAMES.filter((name) => given[name] === "");
  const problems = empty.map((name) => `  ${name}: is empty; give it a value, or leave it out for the default`);
  for (const name of empty) delete given[name];
  const result = v.safeParse(SettingsSchema, given);
  if (!result.success) {
    problems.push(...result.issues.map((issue) => `  ${v.getDotPath(issue) ?? "environment"}: ${issue.message}`));
  }
  if (
    result.success &&
    reader === "server" &&
    result.output.DATABASE_URL !== undefined &&
    result.output.UPLOADS === "1" &&
    result.output.S3_BUCKET === undefined
  ) {
    problems.push(
      "  S3_BUCKET: is required when DATABASE_URL is set and artwork uploads are on: every instance must find " +
        "every file, so they go to one S3-compatible bucket (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, " +
        "S3_SECRET_ACCESS_KEY), not to one machine's folder. Or set UPLOADS=0.",
    );
  }
  if (problems.length > 0 || !result.success) throw new Error(`Invalid settings:\n${problems.join("\n")}`);
  return result.output;
}

/**
 * Settings that start fine but look like a deployment that will misbehave,
 * for the start-up log.
 */
export function settingsWarnings(settings: ServerSettings): string[] {
  const warnings: string[] = [];
  if (settings.hsts && settings.trustProxy === false) {
    warnings.push(
      "HSTS=1 is set but TRUST_PROXY is not: behind a proxy that ends TLS this server sees plain http, so it sends " +
        "no HSTS header and cannot tell the visitor's address. Set TRUST_PROXY to the number or addresses of the " +
        "proxies, and have the proxy send X-Forwarded-For and X-Forwarded-Proto (see README).",
    );
  }
  return warnings;
}

/** What the HTTP server needs, named for its use. */
export type ServerSettings = {
  port: number;
  host: string;
  trustProxy: false | number | string[];
  hsts: boolean;
  buildDir: string;
  quiet: boolean;
  logFormat: "text" | "json";
  requestTimeoutMs: number;
};

export function serverSettings(settings: Settings): ServerSettings {
  return {
    port: settings.PORT,
    host: settings.HOST,
    trustProxy: settings.TRUST_PROXY,
    hsts: settings.HSTS,
    buildDir: settings.BUILD_DIR,
    quiet: settings.QUIET,
    logFormat: settings.LOG_FORMAT,
    requestTimeoutMs: settings.REQUEST_TIMEOUT_SECONDS,
  };
}
