import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

/**
 * How long a connection with nothing left to answer must stay silent before a
 * stop closes it. A client that has just connected, or just read an answer,
 * sends its next request within moments; closing the connection then would
 * reset that request on its way in.
 */
const QUIET_MS = 1000;

/** How often a stop looks for connections it may close. */
const SWEEP_MS = 100;

/**
 * The longest a stop keeps taking connections from the listen queue. Under a
 * flood that never lets the queue empty, the listener is closed all the same.
 */
const QUEUE_DRAIN_MAX_MS = 2000;

type Connection = {
  /** Requests read from it whose answers are not finished. */
  open: number;
  /** When it was opened, last answered, or last seen receiving. */
  activeAt: number;
  /** What had been read from it then; more since means a request is arriving. */
  bytesRead: number;
};

export type StopOutcome = {
  /** Requests still unanswered at the deadline, whose connections were closed under them. */
  cut: number;
};

export type GracefulStop = {
  /**
   * Stops taking connections, answers every request that has arrived or is
   * arriving, and settles once every connection is closed, or at the deadline,
   * when it closes whatever is left.
   */
  stop(deadlineMs: number): Promise<StopOutcome>;
};

/**
 * Follows an HTTP server's connections from the start, so that a stop knows
 * which are busy. Node's own server.close() gets three things wrong for us:
 * it closes the listening socket at once, and the kernel resets every
 * connection still waiting in its queue, request and all; it destroys every
 * connection with no request parsed yet, including one whose request has
 * arrived but not been read; and it leaves kept-alive connections open for as
 * long as their clients keep sending, until a deadline cuts them off mid-request.
 */
export function prepareGracefulStop(server: Server): GracefulStop {
  const connections = new Map<Socket, Connection>();
  const unanswered = new Set<ServerResponse>();
  let accepted = 0;
  let listening = true;

  server.on("connection", (socket: Socket) => {
    accepted += 1;
    connections.set(socket, { open: 0, activeAt: Date.now(), bytesRead: 0 });
    socket.once("close", () => connections.delete(socket));
  });

  // Ahead of the app, so that the header is set before anything answers.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) {
      connection.open += 1;
      markActive(connection, req.socket);
    }
    unanswered.add(res);
    if (!listening) askClientToClose(res);
    res.once("close", () => {
      unanswered.delete(res);
      if (connection) {
        connection.open -= 1;
        markActive(connection, req.socket);
      }
    });
  });

  function closeQuietConnections(now: number) {
    for (const [socket, connection] of connections) {
      if (socket.bytesRead !== connection.bytesRead) markActive(connection, socket, now);
      else if (connection.open === 0 && now - connection.activeAt >= QUIET_MS) socket.destroy();
    }
  }

  /** Settles once no connection is left; `cancel` stops looking. */
  function closeConnectionsAsTheyQuieten() {
    let sweep: ReturnType<typeof setInterval> | undefined;
    const done = new Promise<void>((resolve) => {
      sweep = setInterval(() => {
        closeQuietConnections(Date.now());
        if (connections.size === 0) resolve();
      }, SWEEP_MS);
    });
    return { done, cancel: () => clearInterval(sweep) };
  }

  async function drain(): Promise<StopOutcome> {
    await stopListeningOnceQueueIsEmpty(server, () => accepted);
    listening = false;
    // Only now: told sooner, a client would open a new connection that could race the listener's close.
    for (const res of unanswered) askClientToClose(res);
    const closing = closeConnectionsAsTheyQuieten();
    try {
      await closing.done;
    } finally {
      closing.cancel();
    }
    return { cut: 0 };
  }

  function cutOffAfter(deadlineMs: number) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = new Promise<StopOutcome>((resolve) => {
      timer = setTimeout(() => {
        const cut = unanswered.size;
        server.closeAllConnections();
        resolve({ cut });
      }, deadlineMs);
    });
    return { done, cancel: () => clearTimeout(timer) };
  }

  return {
    async stop(deadlineMs) {
      const deadline = cutOffAfter(deadlineMs);
      try {
        return await Promise.race([drain(), deadline.done]);
      } finally {
        deadline.cancel();
      }
    },
  };
}

/**
 * The kernel completes a connection before the server takes it, and the
 * client sends its request straight away; closing the listener resets every
 * connection still queued. Node takes one connection from the queue per turn
 * of its event loop, so the listener stays open until a whole turn takes
 * none: the queue was empty then. An immediate queued from an immediate runs
 * after the next look for I/O, so each check below covers one whole turn.
 */
function stopListeningOnceQueueIsEmpty(server: Server, acceptedSoFar: () => number): Promise<void> {
  const giveUpAt = Date.now() + QUEUE_DRAIN_MAX_MS;
  return new Promise((resolve) => {
    setImmediate(() => {
      let before = acceptedSoFar();
      const check = () => {
        const after = acceptedSoFar();
        if (after > before && Date.now() < giveUpAt) {
          before = after;
          setImmediate(check);
          return;
        }
        // Only stops taking connections. http.Server#close would also destroy the ones it takes
        // for idle, and stop Node enforcing the time allowed for a request during the stop.
        net.Server.prototype.close.call(server);
        resolve();
      };
      setImmediate(check);
    });
  });
}

function markActive(connection: Connection, socket: Socket, now: number = Date.now()) {
  connection.activeAt = now;
  connection.bytesRead = socket.bytesRead;
}

/** The client then opens a new connection for its next request, rather than reuse one about to close. */
function askClientToClose(res: ServerResponse) {
  if (!res.headersSent) res.setHeader("Connection", "close");
}
