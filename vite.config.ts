import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  // PRELOADER_MS is read at build time (app/lib/preloader.ts).
  envPrefix: ["VITE_", "PRELOADER_MS"],
  build: { assetsInlineLimit: 0 },
});
