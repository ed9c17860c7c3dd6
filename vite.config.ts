import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { serviceDrawings } from "./app/site/content/services.ts";
import { brandFont } from "./vite/brand-font.ts";
import { illustrationSprite } from "./vite/illustration-sprite.ts";
import { photos } from "./vite/photo-plugin.ts";

export default defineConfig({
  plugins: [
    brandFont(),
    photos({ folder: "app/site/content/photos" }),
    illustrationSprite({ folder: serviceDrawings.folder, address: serviceDrawings.sprite }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  // PRELOADER_MS is read at build time (app/site/lib/preloader.ts).
  envPrefix: ["VITE_", "PRELOADER_MS"],
  // The manifest of chunks lets the size checks add up what each kind of page loads (.size-limit.js).
  build: { assetsInlineLimit: 0, manifest: true },
});
