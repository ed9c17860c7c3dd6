import { existsSync } from "node:fs";

/** Debian's Chromium, started so that it makes no request to the internet of its own. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const headlessShell = "/usr/lib/chromium/chromium-headless-shell";

/**
 * The browser tests' Chromium: Debian's headless shell (chromium-headless-shell,
 * built from the same source and version as its Chromium), which is the same
 * engine without the desktop browser around it, and takes half the processor
 * time for the same tests; Debian's Chromium where the shell is not installed.
 */
export const testChromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumPath);

/**
 * Glyphs hinted "slight", as fontconfig has Debian's Chromium hint them: the
 * shell's own default, full hinting, moves text by fractions of a pixel, enough
 * for the typeface's swap to shift the layout where Chromium's does not. So
 * set, the shell lays out and draws the site's pages as Chromium does.
 */
export const testChromiumArgs = [...chromiumArgs, "--font-render-hinting=slight"];
