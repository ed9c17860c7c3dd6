import { defineConfig } from "vitest/config";
import { brandFont } from "./vite/brand-font.ts";
import { photos } from "./vite/photo-plugin.ts";

// Kept apart from vite.config.ts so unit tests run without the React Router plugin.
// The photo step stays, so a test may render a component that shows a photograph.
export default defineConfig({
  plugins: [brandFont(), photos({ folder: "app/site/content/photos" })],
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "vite/**/*.test.ts",
            "bench/**/*.test.ts",
            "tests/rules/**/*.test.ts",
          ],
          // On PostgreSQL each store test first copies a migrated database of its own.
          ...(process.env.TEST_STORE === "postgres" ? { testTimeout: 30_000, hookTimeout: 30_000 } : {}),
        },
      },
      {
        // The production server on a fresh build, a real SMTP server and a real database file.
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/integration/support/build-site.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Several instances on PostgreSQL, behind nginx, with faults made on purpose:
        // always PostgreSQL, whatever TEST_STORE says, so they run once.
        extends: true,
        test: {
          name: "scale",
          include: ["tests/scale/**/*.test.ts"],
          globalSetup: ["tests/integration/support/build-site.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
