import "./scripts/require-node.mjs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium.ts";

// The server picks a free port and says it in its ready line, which Playwright
// reads into E2E_PORT before the test workers start (webServer.wait below).
const baseURL = process.env.E2E_PORT ? `http://127.0.0.1:${process.env.E2E_PORT}` : undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-"));

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
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    // The production server on the production build, as a visitor meets it.
    command: "node server.ts",
    wait: { stdout: /Site ready at http:\/\/127\.0\.0\.1:(?<e2e_port>\d+)/ },
    stdout: "pipe",
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      QUIET: "1",
      ERROR_DRILL: "1",
      DATA_DIR: dataDir,
    },
  },
});
