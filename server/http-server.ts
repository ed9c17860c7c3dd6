import http, { type RequestListener, type ServerOptions } from "node:http";

/** Node's own limits on how long a client may take to send a request. */
export type RequestLimits = Required<
  Pick<ServerOptions, "requestTimeout" | "headersTimeout" | "connectionsCheckingInterval">
>;

/**
 * The time allowed for a whole request, and what follows from it. Node's
 * default (300 s) lets anyone hold a connection for five minutes by sending a
 * body a byte at a time.
 */
export function requestLimits(requestTimeoutMs: number): RequestLimits {
  const requestTimeout = Math.round(requestTimeoutMs);
  return {
    requestTimeout,
    // Headers are a few hundred bytes; a client that needs half the time for them is stalling.
    headersTimeout: Math.round(requestTimeout / 2),
    // Node looks for late requests this often, so a request is cut at most this long after its time.
    connectionsCheckingInterval: Math.min(1000, Math.round(requestTimeout / 4)),
  };
}

/** An HTTP server that answers a request too slow to arrive with 408 and closes its connection. */
export function createHttpServer(listener: RequestListener, requestTimeoutMs: number): http.Server {
  return http.createServer(requestLimits(requestTimeoutMs), listener);
}
