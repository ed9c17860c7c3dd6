import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ParsedMail, parseMail } from "../integration/support/parse-mail.ts";

export type ReceivedMail = ParsedMail & { to: string[]; subject: string | undefined };

/** Every mail the browser tests' SMTP receiver has accepted so far, oldest first (mail-receiver.ts). */
export async function readReceivedMails(): Promise<ReceivedMail[]> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: run the browser tests through playwright.config.ts");
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(path.join(dir, file), "utf8");
      const to = /^X-Envelope-To: (.*)$/m.exec(raw)?.[1]?.split(", ") ?? [];
      const mail = await parseMail(raw);
      return { ...mail, to, subject: mail.header("subject") };
    }),
  );
}

/** The mails the site sent a staff member about their own account, oldest first. */
export async function noticesTo(email: string): Promise<ReceivedMail[]> {
  return (await readReceivedMails()).filter(
    (mail) => mail.to.includes(email) && mail.header("auto-submitted") === "auto-generated",
  );
}
