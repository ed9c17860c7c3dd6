import { describe, expect, test } from "vitest";
import { readSiteSettings } from "./site-settings.server.ts";

/** The company's details, as the site hands them in: mail goes from and to its mailbox by default. */
const company = { name: "Example Print & Pack", email: "hello@example.com" };

describe("the contact settings", () => {
  test("start with mail off and the database under data/", () => {
    const env = readSiteSettings(company, {});
    expect(env.smtp).toBeUndefined();
    expect(env.databasePath).toMatch(/data[/\\]inquiries\.sqlite$/);
    expect(env.mailTo).toBe("hello@example.com");
    expect(env.rateLimit).toEqual({ max: 5, windowMs: 600_000 });
    expect(env.form.minFillMs).toBe(3000);
    expect(env.retentionDays).toBe(730);
  });

  test("read SMTP, with the usual port for the kind of connection", () => {
    const plain = readSiteSettings(company, { SMTP_HOST: "smtp.example.com", SMTP_USER: "u", SMTP_PASS: "p" });
    expect(plain.smtp).toEqual({
      host: "smtp.example.com",
      port: 587,
      secure: false,
      auth: { user: "u", pass: "p" },
      timeoutMs: 30_000,
      confirmTimeoutMs: 600_000,
    });
    expect(readSiteSettings(company, { SMTP_HOST: "smtp.example.com", SMTP_SECURE: "1" }).smtp?.port).toBe(465);
    expect(readSiteSettings(company, { MAIL_FROM: '"Sales Desk" <sales@example.com>' }).mailFrom).toEqual({
      name: "Sales Desk",
      address: "sales@example.com",
    });
  });

  test("wait longer for the answer to the end of a message than for each other step, never shorter", () => {
    const given = { SMTP_HOST: "smtp.example.com", SMTP_TIMEOUT_SECONDS: "20", SMTP_CONFIRM_TIMEOUT_SECONDS: "300" };
    expect(readSiteSettings(company, given).smtp).toMatchObject({ timeoutMs: 20_000, confirmTimeoutMs: 300_000 });
    const shorter = { SMTP_HOST: "smtp.example.com", SMTP_TIMEOUT_SECONDS: "60", SMTP_CONFIRM_TIMEOUT_SECONDS: "5" };
    expect(readSiteSettings(company, shorter).smtp?.confirmTimeoutMs).toBe(60_000);
  });

  test.each([
    [{ SMTP_PORT: "abc" }, "SMTP_PORT: must be a whole number"],
    [{ SMTP_PORT: "70000" }, "SMTP_PORT: must be from 1 to 65535"],
    [{ SMTP_SECURE: "yes" }, 'SMTP_SECURE: must be "1" or "0"'],
    [{ SMTP_USER: "u" }, "SMTP_PASS: SMTP_USER and SMTP_PASS go together"],
    [{ MAIL_TO: "not an address" }, "MAIL_TO: must be one recipient address"],
    [{ MAIL_FROM: "a@example.com, b@example.com" }, "MAIL_FROM: must be one sender address"],
    [{ CONTACT_RATE_LIMIT: "0" }, "CONTACT_RATE_LIMIT: must be from 1 to 10000"],
    [{ MAIL_RETRY_SECONDS: "soon" }, "MAIL_RETRY_SECONDS: must be a number of seconds"],
    [{ FORM_SECRET: "short" }, "FORM_SECRET: must be at least 32 characters long"],
  ])("refuse %o, naming it", (env, message) => {
    expect(() => readSiteSettings(company, env)).toThrow(message);
  });
});

describe("the artwork upload settings", () => {
  const postgres = { DATABASE_URL: "postgres://site:secret@db.internal:5432/site" };

  test("are on by default, with files in a folder under DATA_DIR and the limits the form states", () => {
    const uploads = readSiteSettings(company, { DATA_DIR: "site-data" }).uploads;
    expect(uploads?.storage).toEqual({ folder: expect.stringMatching(/site-data[/\\]artwork$/) });
    expect(uploads?.maxFiles).toBe(10);
    expect(uploads?.maxFileBytes).toBe(200 * 1024 * 1024);
    expect(uploads?.totalQuotaBytes).toBe(20 * 1024 ** 3);
    expect(uploads?.idleMs).toBe(60 * 60_000);
  });

  test("delete an unfinished upload after the idle time given, which must be at least a minute", () => {
    expect(readSiteSettings(company, { UPLOAD_IDLE_MINUTES: "15" }).uploads?.idleMs).toBe(15 * 60_000);
    expect(() => readSiteSettings(company, { UPLOAD_IDLE_MINUTES: "0" })).toThrow(
      /UPLOAD_IDLE_MINUTES: must be from 1/,
    );
  });

  test("refuse to start several instances on PostgreSQL with files in one machine's folder, naming what to set", () => {
    expect(() => readSiteSettings(company, postgres)).toThrow(/S3_BUCKET: is required when DATABASE_URL is set/);
    expect(readSiteSettings(company, { ...postgres, UPLOADS: "0" }).uploads).toBeUndefined();
    const bucket = readSiteSettings(company, {
      ...postgres,
      S3_BUCKET: "artwork",
      S3_ENDPOINT: "https://s3.example.com",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    }).uploads?.storage;
    expect(bucket).toMatchObject({ bucket: "artwork", endpoint: "https://s3.example.com", forcePathStyle: false });
  });

  test.each([
    ["UPLOAD_MAX_FILES", "0"],
    ["UPLOAD_MAX_FILE_MB", "2 GB"],
    ["S3_ENDPOINT", "not an address"],
    ["UPLOADS", "yes"],
  ])("refuse %s=%j, naming it", (name, value) => {
    expect(() => readSiteSettings(company, { [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});

describe("the daily list of waiting inquiries", () => {
  test("is on by default, and off with DIGEST_WAITING_HOURS=0", () => {
    expect(readSiteSettings(company, {}).digest).toEqual({ time: "09:30", waitingHours: 4 });
    expect(readSiteSettings(company, { DIGEST_WAITING_HOURS: "0" }).digest).toBeUndefined();
  });
});

describe("the print check's settings", () => {
  test("are handed to the checks by name, with their defaults", () => {
    expect(readSiteSettings(company, {}).printCheck).toEqual({
      bleedMm: 3,
      bleedToleranceMm: 0.5,
      inkLimitPercent: 300,
      cutClearanceMm: 3,
      dielineNames: ["Dieline", "Die", "CutContour", "Cut", "Crease"],
    });
    expect(readSiteSettings(company, { PRINT_CHECK_INK_LIMIT_PERCENT: "320" }).printCheck.inkLimitPercent).toBe(320);
  });
});
