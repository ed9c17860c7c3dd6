import { describe, expect, test } from "vitest";
import { readSettings, serverSettings, settingsWarnings } from "./settings.server.ts";

const server = (env: NodeJS.ProcessEnv) => serverSettings(readSettings(env));

describe("one reader, one set of rules for every setting", () => {
  test("with nothing set, every setting has its default", () => {
    expect(server({})).toEqual({
      port: 3000,
      host: "127.0.0.1",
      trustProxy: false,
      hsts: false,
      buildDir: "build",
      quiet: false,
      logFormat: "text",
      requestTimeoutMs: 30_000,
    });
  });

  test("variables the site does not use are no concern of it", () => {
    expect(server({ PATH: "/usr/bin", HOME: "", npm_config_cache: "" }).port).toBe(3000);
  });

  test.each(["PORT", "HSTS", "SMTP_PORT", "HOST", "TRUST_PROXY", "FORM_SECRET", "MAIL_FROM"])(
    'an empty %s is refused, naming it, in the one format: "  NAME: …"',
    (name) => {
      expect(() => readSettings({ [name]: "" })).toThrow(
        `Invalid settings:\n  ${name}: is empty; give it a value, or leave it out for the default`,
      );
    },
  );

  test.each([
    ["PORT", "abc", "PORT: must be a whole number"],
    ["PORT", "70000", "PORT: must be from 0 to 65535"],
    ["SMTP_PORT", "abc", "SMTP_PORT: must be a whole number"],
    ["HSTS", "yes", 'HSTS: must be "1" or "0"'],
    ["QUIET", "2", 'QUIET: must be "1" or "0"'],
    ["REQUEST_TIMEOUT_SECONDS", "30s", "REQUEST_TIMEOUT_SECONDS: must be a number of seconds"],
    ["REQUEST_TIMEOUT_SECONDS", "3601", "REQUEST_TIMEOUT_SECONDS: must be from 1 to 3600"],
    ["SMTP_TIMEOUT_SECONDS", "0.01", "SMTP_TIMEOUT_SECONDS: must be at least 0.1"],
    ["FORM_MAX_AGE_HOURS", "0", "FORM_MAX_AGE_HOURS: must be from 1 to 8784"],
    ["MAIL_TO", "nobody", "MAIL_TO: must be one recipient address"],
  ])("%s=%j is refused: %s", (name, value, message) => {
    expect(() => readSettings({ [name]: value })).toThrow(message);
  });

  test("every problem is listed at once, each on its own line", () => {
    expect(() => readSettings({ PORT: "", HSTS: "yes", SMTP_PORT: "abc" })).toThrow(
      [
        "Invalid settings:",
        "  PORT: is empty; give it a value, or leave it out for the default",
        '  HSTS: must be "1" or "0"',
        "  SMTP_PORT: must be a whole number",
      ].join("\n"),
    );
  });

  test("flags take 1, 0, true and false", () => {
    expect(server({ HSTS: "1", QUIET: "true" })).toMatchObject({ hsts: true, quiet: true });
    expect(server({ HSTS: "0", QUIET: "false" })).toMatchObject({ hsts: false, quiet: false });
  });

  test("PORT=0 asks for any free port, as the tests do", () => {
    expect(server({ PORT: "0" }).port).toBe(0);
  });
});

describe("TRUST_PROXY names exactly the proxies to believe", () => {
  test.each([
    [undefined, false],
    ["0", false],
    ["false", false],
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["loopback, 10.0.0.0/8", ["loopback", "10.0.0.0/8"]],
    ["192.0.2.10,2001:db8::/32,uniquelocal", ["192.0.2.10", "2001:db8::/32", "uniquelocal"]],
  ])("%j reads as %j", (value, expected) => {
    expect(server(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test('"true" is refused: trusting every hop lets a visitor choose their own address', () => {
    expect(() => readSettings({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must name the proxies to trust/);
  });

  test.each(["yes", "10.0.0.0/33", "::1/129", "10.0.0.300", "loopback,", "10.0.0.0/8/8", "-1"])(
    "%j is refused with a message naming the setting",
    (value) => {
      expect(() => readSettings({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a number of proxies/);
    },
  );
});

describe("settings that look like a misconfigured proxy are named at start-up", () => {
  test("HSTS without TRUST_PROXY: a warning that says what to set", () => {
    const [warning, ...rest] = settingsWarnings(server({ HSTS: "1" }));
    expect(rest).toEqual([]);
    expect(warning).toMatch(/TRUST_PROXY/);
    expect(warning).toMatch(/X-Forwarded-Proto/);
  });

  test("HSTS behind a named proxy, or neither: no warning", () => {
    expect(settingsWarnings(server({ HSTS: "1", TRUST_PROXY: "1" }))).toEqual([]);
    expect(settingsWarnings(server({}))).toEqual([]);
  });
});

describe("INQUIRY_RETENTION_DAYS", () => {
  test("keeps an inquiry two years by default, and takes whole days from 1 to 3650", () => {
    expect(readSettings({}).INQUIRY_RETENTION_DAYS).toBe(730);
    expect(readSettings({ INQUIRY_RETENTION_DAYS: "365" }).INQUIRY_RETENTION_DAYS).toBe(365);
    expect(() => readSettings({ INQUIRY_RETENTION_DAYS: "0" })).toThrow(
      "INQUIRY_RETENTION_DAYS: must be from 1 to 3650",
    );
    expect(() => readSettings({ INQUIRY_RETENTION_DAYS: "two years" })).toThrow(
      "INQUIRY_RETENTION_DAYS: must be a whole number",
    );
    expect(() => readSettings({ INQUIRY_RETENTION_DAYS: "" })).toThrow("INQUIRY_RETENTION_DAYS: is empty");
  });
});

describe("DIGEST_TIME and DIGEST_WAITING_HOURS", () => {
  test("default to 09:30 India time and 4 hours; a time must be HH:MM; 0 hours turns the list off", () => {
    expect(readSettings({}).DIGEST_TIME).toBe("09:30");
    expect(readSettings({}).DIGEST_WAITING_HOURS).toBe(4);
    expect(readSettings({ DIGEST_TIME: "18:05" }).DIGEST_TIME).toBe("18:05");
    for (const bad of ["9:30", "24:00", "09:60", "morning"]) {
      expect(() => readSettings({ DIGEST_TIME: bad }), bad).toThrow("DIGEST_TIME: must be a time of day such as 09:30");
    }
    expect(readSettings({ DIGEST_WAITING_HOURS: "0" }).DIGEST_WAITING_HOURS).toBe(0);
    expect(() => readSettings({ DIGEST_WAITING_HOURS: "-1" })).toThrow("DIGEST_WAITING_HOURS");
  });
});

describe("the print check's thresholds", () => {
  test("default to 3 mm of bleed within half a millimetre, 300 % of ink, 3 mm clear of the cut, and five dieline names", () => {
    const settings = readSettings({});
    expect(settings.PRINT_CHECK_BLEED_MM).toBe(3);
    expect(settings.PRINT_CHECK_BLEED_TOLERANCE_MM).toBe(0.5);
    expect(settings.PRINT_CHECK_INK_LIMIT_PERCENT).toBe(300);
    expect(settings.PRINT_CHECK_CUT_CLEARANCE_MM).toBe(3);
    expect(settings.PRINT_CHECK_DIELINE_NAMES).toEqual(["Dieline", "Die", "CutContour", "Cut", "Crease"]);
  });

  test("take millimetres with decimals, a whole percentage, and names separated by commas", () => {
    const settings = readSettings({
      PRINT_CHECK_BLEED_MM: "5",
      PRINT_CHECK_BLEED_TOLERANCE_MM: "0.25",
      PRINT_CHECK_INK_LIMIT_PERCENT: "280",
      PRINT_CHECK_CUT_CLEARANCE_MM: "4.5",
      PRINT_CHECK_DIELINE_NAMES: "Stanze, Thru-cut ,Die",
    });
    expect(settings.PRINT_CHECK_BLEED_MM).toBe(5);
    expect(settings.PRINT_CHECK_BLEED_TOLERANCE_MM).toBe(0.25);
    expect(settings.PRINT_CHECK_INK_LIMIT_PERCENT).toBe(280);
    expect(settings.PRINT_CHECK_CUT_CLEARANCE_MM).toBe(4.5);
    expect(settings.PRINT_CHECK_DIELINE_NAMES).toEqual(["Stanze", "Thru-cut", "Die"]);
  });

  test("refuse what is no such number, and an empty name", () => {
    expect(() => readSettings({ PRINT_CHECK_BLEED_MM: "3mm" })).toThrow(
      "PRINT_CHECK_BLEED_MM: must be a number of millimetres from 0 to 20, such as 3",
    );
    expect(() => readSettings({ PRINT_CHECK_CUT_CLEARANCE_MM: "21" })).toThrow("PRINT_CHECK_CUT_CLEARANCE_MM");
    expect(() => readSettings({ PRINT_CHECK_INK_LIMIT_PERCENT: "99" })).toThrow(
      "PRINT_CHECK_INK_LIMIT_PERCENT: must be from 100 to 500",
    );
    expect(() => readSettings({ PRINT_CHECK_DIELINE_NAMES: "Dieline,,Die" })).toThrow(
      "PRINT_CHECK_DIELINE_NAMES: must be names separated by commas",
    );
  });
});
