// The run's clock and progress lines on stderr, and what must be stopped on every way out of it.

export const started = new Date();
export const log = (message: string) => console.error(`[bench:load ${elapsed()}] ${message}`);

function elapsed() {
  const seconds = Math.round((Date.now() - started.getTime()) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// Everything that must be stopped, newest first, on every way out: the end of a
// set-up, an error, a signal or the time limit.
export const cleanups: Array<() => Promise<void>> = [];
export async function cleanUpTo(depth: number) {
  while (cleanups.length > depth) {
    const cleanup = cleanups.pop();
    await cleanup?.().catch((error: unknown) => log(`Clean-up failed: ${(error as Error).message}`));
  }
}
