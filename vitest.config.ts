import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so unit tests run without the React Router plugin.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
  },
});
