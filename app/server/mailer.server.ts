import nodemailer from "nodemailer";
import type { SmtpSettings } from "./env.server.ts";
import type { OutgoingMail } from "./inquiry-mail.server.ts";

export type Mailer = {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/**
 * SMTP through nodemailer, one connection per mail: the queue sends a handful a
 * day, and a fresh connection recovers from a server restart by itself.
 * Every wait is bounded, so a stalled server costs a retry, not a stuck queue.
 */
export function createMailer(smtp: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.auth,
    connectionTimeout: smtp.timeoutMs,
    greetingTimeout: smtp.timeoutMs,
    socketTimeout: smtp.timeoutMs,
    dnsTimeout: smtp.timeoutMs,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
      });
      if (info.rejected.length > 0) throw new Error(`The mail server refused ${info.rejected.join(", ")}`);
    },
    close() {
      transport.close();
    },
  };
}

/** A refusal the server says is final (a 5xx reply), such as an address that does not exist. */
export function isPermanentRejection(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { permanent?: unknown }).permanent === true;
}
