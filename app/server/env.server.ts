import { randomBytes } from "node:crypto";
import path from "node:path";
import addressparser from "nodemailer/lib/addressparser";
import * as v from "valibot";
import { site } from "../content/site.ts";

export type MailAddress = { name: string; address: string };

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

export type ContactEnv = {
  databasePath: string;
  /** Undefined when SMTP_HOST is not set: inquiries are stored and wait for mail to be set up. */
  smtp: SmtpSettings | undefined;
  mailFrom: MailAddress;
  mailTo: string;
  retry: { baseMs: number; maxMs: number; maxAttempts: number };
  rateLimit: { max: number; windowMs: number };
  form: { secret: Buffer; minFillMs: number; maxAgeMs: number };
};

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

function seconds(fallback: string, min: number) {
  return v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d+(\.\d+)?$/, "must be a number of seconds, such as 30 or 0.5"),
    v.transform((value) => Math.round(Number(value) * 1000)),
    v.minValue(min * 1000, `must be at least ${min}`),
  );
}

function mailbox(what: string) {
  return v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const [entry, ...rest] = addressparser(dataset.value);
      if (entry?.address === undefined || rest.length > 0 || !isAddress(entry.address)) {
        addIssue({ message: `must be one ${what} address, such as "Sales <sales@example.com>" or sales@example.com` });
        return NEVER;
      }
      return { name: entry.name, address: entry.address };
    }),
  );
}

function isAddress(value: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value);
}

const text = v.pipe(v.string(), v.nonEmpty("must not be empty"));

const ContactEnvSchema = v.pipe(
  v.object({
    /** The folder for the inquiry database, relative to where the server starts. */
    DATA_DIR: v.optional(text, "data"),
    DATABASE_PATH: v.optional(text),
    SMTP_HOST: v.optional(text),
    SMTP_PORT: v.optional(wholeNumber(1, 65535)),
    SMTP_SECURE: flag,
    SMTP_USER: v.optional(text),
    SMTP_PASS: v.optional(text),
    SMTP_TIMEOUT_SECONDS: seconds("30", 0.1),
    // RFC 5321 (4.5.3.2.6) asks a client to wait 10 minutes for this answer: the server
    // may be scanning or filing the message, and a mail given up on here may still arrive.
    SMTP_CONFIRM_TIMEOUT_SECONDS: seconds("600", 0.1),
    MAIL_FROM: v.optional(mailbox("sender"), `${site.name} <${site.email}>`),
    MAIL_TO: v.optional(mailbox("recipient"), site.email),
    MAIL_RETRY_SECONDS: seconds("30", 0.01),
    MAIL_RETRY_MAX_SECONDS: seconds("3600", 0.01),
    MAIL_MAX_ATTEMPTS: v.optional(wholeNumber(1, 100), "12"),
    CONTACT_RATE_LIMIT: v.optional(wholeNumber(1, 10000), "5"),
    CONTACT_RATE_WINDOW_MINUTES: v.optional(wholeNumber(1, 1440), "10"),
    FORM_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters long"))),
    FORM_MIN_FILL_SECONDS: seconds("3", 0),
    FORM_MAX_AGE_HOURS: v.optional(wholeNumber(1, 24 * 366), "24"),
  }),
  v.forward(
    v.check(
      (env) => (env.SMTP_USER === undefined) === (env.SMTP_PASS === undefined),
      "SMTP_USER and SMTP_PASS go together: set both or neither",
    ),
    ["SMTP_PASS"],
  ),
);

/** Reads the contact settings from an environment; a bad value throws an error that names it. */
export function readContactEnv(env: NodeJS.ProcessEnv = process.env): ContactEnv {
  // An empty variable means "not set", as it does in most shells and service files.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = v.safeParse(ContactEnvSchema, given);
  if (!result.success) {
    const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? "environment"}: ${issue.message}`);
    throw new Error(`Invalid contact form settings:\n${problems.join("\n")}`);
  }
  const e = result.output;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    databasePath: e.DATABASE_PATH ? path.resolve(e.DATABASE_PATH) : path.join(dataDir, "inquiries.sqlite"),
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
    mailFrom: e.MAIL_FROM,
    mailTo: e.MAIL_TO.address,
    retry: {
      baseMs: e.MAIL_RETRY_SECONDS,
      maxMs: Math.max(e.MAIL_RETRY_SECONDS, e.MAIL_RETRY_MAX_SECONDS),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    rateLimit: { max: e.CONTACT_RATE_LIMIT, windowMs: e.CONTACT_RATE_WINDOW_MINUTES * 60_000 },
    form: {
      // Without a configured secret, a form opened before a restart is shown again
      // with a fresh token when sent (contact-submission.server.ts).
      secret: e.FORM_SECRET ? Buffer.from(e.FORM_SECRET, "utf8") : randomBytes(32),
      minFillMs: e.FORM_MIN_FILL_SECONDS,
      maxAgeMs: e.FORM_MAX_AGE_HOURS * 3_600_000,
    },
  };
}

let current: ContactEnv | undefined;

/** The settings of this process, read on first use. */
export function contactEnv(): ContactEnv {
  current ??= readContactEnv();
  return current;
}
