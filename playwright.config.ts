import "./scripts/require-node.mjs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { testChromiumArgs, testChromiumPath } from "./tests/support/chromium.ts";

// The server picks a free port and says it in its ready line, which Playwright
// reads into E2E_PORT before the test workers start (webServer.wait below).
const baseURL = process.env.E2E_PORT ? `http://127.0.0.1:${process.env.E2E_PORT}` : undefined;
// Made once, in the runner; the workers, which load this file again, inherit the
// names through the environment: tests run `npm run staff` on the same database
// and read the mails the server sent (tests/support/mailbox.ts).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-"));
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-mail-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    // Recording a trace of every test costs a seventh of the suite's time on two cores, for
    // the few that fail: a failure keeps its screenshot and the page's outline, and
    // `npx playwright test <file> --trace retain-on-failure` records one when it is wanted.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: testChromiumPath,
      args: testChromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } }],
  webServer: [
    {
      // A real SMTP receiver; its port, from its ready line, goes to the server below.
      command: "node tests/support/mail-receiver.ts",
      wait: { stdout: /Mail receiver on 127\.0\.0\.1:(?<e2e_smtp_port>\d+)/ },
      stdout: "pipe",
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 2000 },
    },
    {
      // The production server on the production build, as a visitor meets it.
      command: 'SMTP_PORT="$E2E_SMTP_PORT" node server.ts',
      wait: { stdout: /Site ready at http:\/\/127\.0\.0\.1:(?<e2e_port>\d+)/ },
      stdout: "pipe",
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5000 },
      env: {
        PORT: "0",
        HOST: "127.0.0.1",
        QUIET: "1",
        ERROR_DRILL: "1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        SMTP_HOST: "127.0.0.1",
        SMTP_TIMEOUT_SECONDS: "5",
        MAIL_RETRY_SECONDS: "1",
        MAIL_RETRY_MAX_SECONDS: "2",
        // Every test sends its forms from 127.0.0.1; the inbox's tests send many.
        CONTACT_RATE_LIMIT: "1000",
        // A form is taken a second after it was opened, not three: the tests that send
        // one wait that out (MIN_FILL_MS in tests/e2e/cake-quote.ts), dozens of times.
        FORM_MIN_FILL_SECONDS: "1",
        // A new database for each run: staff passwords need not cost what real ones do.
        STAFF_PASSWORD_HASHING: "fast-for-tests",
      },
    },
  ],
});
