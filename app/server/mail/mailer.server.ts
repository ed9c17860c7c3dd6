import { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import type { SmtpSettings } from "../settings/site-settings.server.ts";
import type { OutgoingMail } from "./messages.server.ts";

export type Mailer = {
  /**
   * Resolves once the mail server has confirmed the mail. Rejects with an
   * UnconfirmedDeliveryError when the whole message reached it but its answer
   * never came: the mail may then have arrived, and must not be sent again blindly.
   */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
};

/**
 * The message went out to its end and the mail server did not answer it, or the
 * connection was lost before the answer came. Servers file a mail as they
 * receive its end, so it may well have arrived.
 */
export class UnconfirmedDeliveryError extends Error {
  constructor(reason: string) {
    super(`${reason}, after the whole message was sent`);
    this.name = "UnconfirmedDeliveryError";
  }
}

export function isUnconfirmedDelivery(error: unknown): boolean {
  return error instanceof UnconfirmedDeliveryError;
}

/**
 * SMTP through nodemailer, one connection per mail: the queue sends a handful a
 * day, and a fresh connection recovers from a server restart by itself.
 */
export function createMailer(smtp: SmtpSettings): Mailer {
  return {
    async send(mail, signal) {
      const message = new MailComposer({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
        ...(mail.attachments
          ? {
              attachments: mail.attachments.map((file) => ({
                filename: file.filename,
                content: Buffer.from(file.content),
                contentType: file.contentType,
              })),
            }
          : {}),
      }).compile();
      const raw = await message.build();
      await converse(smtp, message.getEnvelope(), raw, signal);
    },
  };
}

/**
 * One SMTP conversation for one message. Each step up to the end of the message
 * may wait timeoutMs for the server; the server's answer to the end of the message
 * may wait confirmTimeoutMs, since that is when it files the mail, and RFC 5321
 * (4.5.3.2.6) asks clients to allow it minutes. Nodemailer's own timer covers the
 * whole conversation at one length, so each step here has a timer of its own.
 */
function converse(
  smtp: SmtpSettings,
  envelope: { from: string | false; to: string[] },
  raw: Buffer,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const connection = new SMTPConnection({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      connectionTimeout: smtp.timeoutMs,
      greetingTimeout: smtp.timeoutMs,
      dnsTimeout: smtp.timeoutMs,
      // Only a backstop: the step timers below fire first.
      socketTimeout: smtp.confirmTimeoutMs + smtp.timeoutMs,
    });
    // Set as the last byte of the message is handed to the connection; from then
    // on the server may have the mail, whatever happens to its answer.
    let messageWentOut = false;
    let settled = false;
    let stepTimer: ReturnType<typeof setTimeout> | undefined;

    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(stepTimer);
      signal?.removeEventListener("abort", stop);
      connection.close();
      if (error === undefined) resolve();
      else if (messageWentOut && !isServerReply(error)) reject(new UnconfirmedDeliveryError(errorMessage(error)));
      else reject(error);
    };
    const stop = () => finish(new Error("Stopped before the mail server answered"));
    const step = (ms: number, what = "") => {
      clearTimeout(stepTimer);
      const timeout = Object.assign(new Error(`Timeout: no answer within ${ms / 1000} s${what}`), {
        code: "ETIMEDOUT",
      });
      stepTimer = setTimeout(() => finish(timeout), ms);
    };

    const sendMessage = () => {
      step(smtp.timeoutMs, " to the envelope");
      // Read only once the server has taken the envelope and asked for the message.
      const body = Readable.from([raw]);
      body.once("end", () => {
        messageWentOut = true;
        step(smtp.confirmTimeoutMs);
      });
      connection.send(envelope, body, (error, info) => {
        if (error) return finish(error);
        if (info && info.rejected.length > 0) return finish(new Error("The mail server refused the recipient"));
        finish();
      });
    };

    if (signal?.aborted) return stop();
    signal?.addEventListener("abort", stop, { once: true });
    // "on", not "once": an error event with no listener would be thrown.
    connection.on("error", finish);
    step(smtp.timeoutMs, " while connecting");
    connection.connect((error) => {
      if (error) return finish(error);
      if (!smtp.auth || !connection.allowsAuth) return sendMessage();
      step(smtp.timeoutMs, " to the log-in");
      connection.login(smtp.auth, (loginError) => (loginError ? finish(loginError) : sendMessage()));
    });
  });
}

/** An error that carries the server's own reply: a definite answer, not a lost one. */
function isServerReply(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown } | null)?.responseCode === "number";
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A refusal the server says is final (a 5xx reply), such as an address that does not exist. */
export function isPermanentRejection(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { permanent?: unknown }).permanent === true;
}
