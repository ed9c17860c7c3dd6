import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { type ParsedMail, parseMail } from "./parse-mail.ts";

export type CaughtMail = ParsedMail & {
  envelope: { from: string; to: string[] };
  /** The user the sender logged in as, when it did. */
  user: string | undefined;
};

export type MailCatcher = {
  port: number;
  mails: CaughtMail[];
  waitForMails(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
};

export type MailCatcherOptions = {
  /** A port to listen on; 0 (the default) picks a free one. */
  port?: number;
  auth?: { user: string; pass: string };
  /** Recipients refused for good, with a 550. */
  refuse?: (address: string) => boolean;
  /** Accepts connections but never greets, as a hung server does. */
  stall?: boolean;
  /**
   * Keeps each message as its end arrives, then waits this long before saying so,
   * as a busy server does while it scans and files a mail it already has.
   */
  dataReplyDelayMs?: number;
  /** Waits this long before the greeting and before answering each command, as a server under strain does. */
  replyDelayMs?: number;
  /** Runs after a message is kept and before the server answers its end. */
  beforeDataReply?: (mail: CaughtMail) => Promise<void> | void;
};

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const slowly = async (reply: () => void) => {
    if (options.replyDelayMs) await sleep(options.replyDelayMs);
    reply();
  };
  // A 550: the mailbox is refused for good.
  const refusal = () => Object.assign(new Error("No such mailbox here"), { responseCode: 550 });
  const mails: CaughtMail[] = [];
  const waiting = new Set<() => void>();
  const serverOptions: SMTPServerOptions = {
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onConnect(_session, callback) {
      if (!options.stall) void slowly(() => callback());
    },
    onMailFrom(_address, _session, callback) {
      void slowly(() => callback());
    },
    onRcptTo(address, _session, callback) {
      void slowly(() => callback(options.refuse?.(address.address) ? refusal() : undefined));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const from = session.envelope.mailFrom;
        const mail: CaughtMail = {
          ...(await parseMail(Buffer.concat(chunks).toString("utf8"))),
          envelope: {
            from: from ? from.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          },
          user: typeof session.user === "string" ? session.user : undefined,
        };
        mails.push(mail);
        for (const wake of waiting) wake();
        await options.beforeDataReply?.(mail);
        if (options.dataReplyDelayMs) await sleep(options.dataReplyDelayMs);
        await slowly(() => callback());
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server.server, "listening");
  const address = server.server.address();
  if (typeof address !== "object" || !address) throw new Error("The SMTP server has no port");

  return {
    port: address.port,
    mails,
    waitForMails(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(mails);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${mails.length} of ${count} mails arrived in ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
