import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { serviceDrawings } from "./app/content/services.ts";
import { brandFont } from "./scripts/lib/brand-font.ts";
import { illustrationSprite } from "./scripts/lib/illustration-sprite.ts";
import { photos } from "./scripts/lib/photo-plugin.ts";

export default defineConfig({
  plugins: [
    brandFont(),
    photos({ folder: "app/content/photos" }),
    illustrationSprite({ folder: serviceDrawings.folder, address: serviceDrawings.sprite }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  // PRELOADER_MS is read at build time (app/lib/preloader.ts).
  envPrefix: ["VITE_", "PRELOADER_MS"],
  // The manifest of chunks lets the size checks add up what each kind of page loads (.size-limit.js).
  build: { assetsInlineLimit: 0, manifest: true },
});
