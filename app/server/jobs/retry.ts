/** How often, and how far apart, work that failed is tried again. */
export type RetryPolicy = { baseMs: number; maxMs: number; maxAttempts: number };

/** Exponential backoff with jitter, so work that failed together does not all come back together. */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
