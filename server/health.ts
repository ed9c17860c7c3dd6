import type { NextFunction, Request, Response } from "express";
import type { Readiness } from "../app/server/readiness.server.ts";
import type { Log } from "./log.ts";

/**
 * A readiness check that takes longer than this is answered as not ready: a
 * proxy's probe gives up after a few seconds, and an instance that cannot say
 * within two whether its store answers should not be sent visitors.
 */
const READINESS_TIMEOUT_MS = 2000;

type HealthOptions = {
  /** Whether the instance can take visitors now (the store answers, the mail queue moves). */
  readiness: () => Promise<Readiness>;
  /** Where a change between ready and not ready is reported, once per change rather than per probe. */
  log: Log;
  timeoutMs?: number;
};

/**
 * GET /healthz (the process answers) and GET /readyz (it can take visitors:
 * 200, or 503 with the reason), for a proxy or orchestrator in front of several
 * instances. Placed ahead of the request log and the canonical addresses: a
 * probe every few seconds would bury the log, and its answer must be the
 * instance's own, never a redirect or a page.
 */
export function healthChecks({ readiness, log, timeoutMs = READINESS_TIMEOUT_MS }: HealthOptions) {
  let reported: string | undefined;

  async function readyz(res: Response) {
    const { readiness: state, detail } = await checkReadiness(readiness, timeoutMs);
    if (state.ready) {
      if (reported !== undefined) log.info("Ready again: /readyz answers 200.");
      reported = undefined;
      answer(res, 200, { ready: true });
      return;
    }
    if (reported !== state.reason) log.warn(`Not ready, /readyz answers 503: ${state.reason}${detail ?? ""}`);
    reported = state.reason;
    answer(res, 503, { ready: false, reason: state.reason });
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== "/healthz" && req.path !== "/readyz") return next();
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      answer(res, 405, { error: "GET or HEAD only" });
      return;
    }
    if (req.path === "/healthz") {
      answer(res, 200, { alive: true });
      return;
    }
    readyz(res).catch(next);
  };
}

/**
 * The build's answer, or not ready when it fails or is late. What went wrong
 * goes to the log only (`detail`): an error's message may name a database
 * host or user, which is no business of whoever can reach /readyz.
 */
async function checkReadiness(
  readiness: () => Promise<Readiness>,
  timeoutMs: number,
): Promise<{ readiness: Readiness; detail?: string }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<{ readiness: Readiness }>((resolve) => {
    timer = setTimeout(
      () => resolve({ readiness: { ready: false, reason: `no answer from the readiness check in ${timeoutMs} ms` } }),
      timeoutMs,
    );
  });
  // Through a promise of its own, so a check that throws at once is answered like one that rejects.
  const checked = new Promise<Readiness>((resolve) => resolve(readiness())).then(
    (state) =>
      state?.ready === true
        ? { readiness: { ready: true } as const }
        : { readiness: { ready: false, reason: String(state?.reason || "not ready") } as const },
    (error: unknown) => ({
      readiness: { ready: false, reason: "the readiness check failed" } as const,
      detail: ` (${error instanceof Error ? error.message : String(error)})`,
    }),
  );
  try {
    return await Promise.race([checked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A short JSON answer that no browser or proxy keeps. Written by hand, not
 * with res.json, which would add an ETag and could answer a probe that sends
 * If-None-Match with a 304 and no state at all.
 */
function answer(res: Response, status: number, body: object) {
  const text = JSON.stringify(body);
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}
