import http, { type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from "node:http";

/** Node's own limits on how long a client may take to send a request. */
export type RequestLimits = Required<
  Pick<ServerOptions, "requestTimeout" | "headersTimeout" | "connectionsCheckingInterval">
>;

/**
 * Node's limits, given the time allowed for a request. Node's own limit on
 * a whole request is off (0): it would cut a file upload, which may rightly
 * take minutes on a phone; watchBody applies the time to each request
 * instead. Node keeps the limit on headers.
 */
export function requestLimits(requestTimeoutMs: number): RequestLimits {
  const requestTimeout = Math.round(requestTimeoutMs);
  return {
    requestTimeout: 0,
    // Headers are a few hundred bytes; a client that needs half the time for them is stalling.
    headersTimeout: Math.round(requestTimeout / 2),
    // Node looks for late headers this often, so they are cut at most this long after their time.
    connectionsCheckingInterval: Math.min(1000, Math.round(requestTimeout / 4)),
  };
}

/**
 * An HTTP server that answers a request too slow to arrive with 408 and
 * closes its connection. A file upload (isUpload) is not timed as a whole, only
 * its pauses: it is cut when no byte arrives for the time allowed.
 */
export function createHttpServer(
  listener: RequestListener,
  requestTimeoutMs: number,
  isUpload: (req: IncomingMessage) => boolean = () => false,
): http.Server {
  return http.createServer(requestLimits(requestTimeoutMs), (req, res) => {
    watchBody(req, res, requestTimeoutMs, isUpload(req));
    listener(req, res);
  });
}

/**
 * Node's default (300 s for a whole request) lets anyone hold a connection for
 * five minutes by sending a body a byte at a time; here a body gets the time
 * allowed, and an upload that many minutes, but no pause that long.
 */
function watchBody(req: IncomingMessage, res: ServerResponse, timeMs: number, upload: boolean) {
  if (upload) {
    req.setTimeout(timeMs, () => req.destroy());
    res.once("close", () => req.socket?.setTimeout(0));
    return;
  }
  const timer = setTimeout(() => {
    if (req.complete) return;
    // As Node does for its own limits: the answer goes on the connection, which then closes;
    // whatever the page's handler still writes goes nowhere.
    if (!res.headersSent)
      req.socket?.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    else req.socket?.destroySoon();
  }, timeMs);
  timer.unref();
  res.once("close", () => clearTimeout(timer));
}
