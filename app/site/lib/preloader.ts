import { PRELOADER_MS_DEFAULT } from "../content/timing.ts";

const MAX_PRELOADER_MS = 60_000;

/**
 * The preloader's duration, from the build-time setting PRELOADER_MS when it is given.
 * A bad value stops the build rather than shipping a page that never uncovers.
 */
export function parsePreloaderMs(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return PRELOADER_MS_DEFAULT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > MAX_PRELOADER_MS) {
    throw new Error(`PRELOADER_MS must be a whole number of milliseconds from 0 to ${MAX_PRELOADER_MS}; got "${raw}".`);
  }
  return value;
}

export const preloaderMs = parsePreloaderMs(import.meta.env.PRELOADER_MS);
