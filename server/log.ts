import { randomUUID } from "node:crypto";
import { formatWithOptions } from "node:util";
import type { ServerSettings } from "../app/server/settings/settings.server.ts";

/** What the server and the build's services write their lines through; the console is one. */
export type Log = Pick<Console, "info" | "warn" | "error">;

export type LogFormat = ServerSettings["logFormat"];

/** One answered request, as the request log shows it. */
export type RequestEntry = {
  requestId: string;
  method: string;
  /** The address without its query, secrets in it replaced (withoutSecrets in http-app.ts). */
  path: string;
  /** Whether it had a query, which the text log marks with "?…". */
  query: boolean;
  status: number;
  durationMs: number;
  clientAddress: string | undefined;
};

export type ServerLog = Log & {
  /** The same log, each line marked with the request it is about. */
  forRequest(requestId: string): Log;
  /** The request log's line for one answered request. */
  request(entry: RequestEntry): void;
};

type Level = "info" | "warn" | "error";

/** Where the lines go: stdout for info, stderr for warnings and errors, as the console does. */
type Sink = { out: (line: string) => void; err: (line: string) => void };

const processSink: Sink = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * The server's log. "text" is what the console writes, for a person reading a
 * terminal; "json" is one JSON object a line (time, level, message, and the
 * request's id when the line is about one), for a collector that gathers the
 * lines of several instances.
 */
export function createLog(format: LogFormat, sink: Sink = processSink): ServerLog {
  if (format === "text") {
    const text: Log = {
      info: (...args) => console.info(...args),
      warn: (...args) => console.warn(...args),
      error: (...args) => console.error(...args),
    };
    // A request's lines carry its id, the reference its error page shows, so a person can find them.
    const marked = (requestId: string): Log => ({
      info: (...args) => console.info(`[${requestId}]`, ...args),
      warn: (...args) => console.warn(`[${requestId}]`, ...args),
      error: (...args) => console.error(`[${requestId}]`, ...args),
    });
    return {
      ...text,
      forRequest: marked,
      request: ({ requestId, method, path, query, status, durationMs }) =>
        console.log(`${method} ${path}${query ? "?…" : ""} ${status} ${durationMs.toFixed(1)}ms [${requestId}]`),
    };
  }
  const write = (level: Level, fields: Record<string, unknown>, args: unknown[]) => {
    const line = JSON.stringify({ time: new Date().toISOString(), level, ...messageOf(args), ...fields });
    (level === "info" ? sink.out : sink.err)(line);
  };
  const logWith = (fields: Record<string, unknown>): Log => ({
    info: (...args) => write("info", fields, args),
    warn: (...args) => write("warn", fields, args),
    error: (...args) => write("error", fields, args),
  });
  return {
    ...logWith({}),
    forRequest: (requestId) => logWith({ requestId }),
    request: ({ requestId, method, path, status, durationMs, clientAddress }) =>
      write(
        "info",
        {
          requestId,
          method,
          path,
          status,
          durationMs: Math.round(durationMs * 10) / 10,
          clientAddress: clientAddress ?? null,
        },
        ["request"],
      ),
  };
}

/**
 * A line's message, and the stack of the error it reports. An error's name
 * and message lead, so a collector that shows only the message still says
 * what went wrong; the stack is a field of its own, kept on the one line.
 */
function messageOf(args: unknown[]): { message: string; stack?: string } {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const message = formatWithOptions(
    { breakLength: Number.POSITIVE_INFINITY },
    ...args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg)),
  );
  return error?.stack ? { message, stack: error.stack } : { message };
}

const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id a request is known by in the log and on its error page: the one the
 * proxy in front gave it (X-Request-Id), so the proxy's log and ours agree, or
 * a new one. A header that is not a short plain token is replaced, since it
 * would go into log lines and a page as it came.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === "string" && saneRequestId.test(header) ? header : randomUUID();
}
