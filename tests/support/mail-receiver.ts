// A real SMTP receiver on 127.0.0.1 for the browser tests, run by Playwright as
// a server of its own: every mail it accepts is written, as received, to
// E2E_MAIL_DIR/<n>.eml, where tests read them (readReceivedMails in mailbox.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error("E2E_MAIL_DIR must name the folder for received mails");
mkdirSync(mailDir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      count += 1;
      const envelope = `X-Envelope-To: ${session.envelope.rcptTo.map((rcpt) => rcpt.address).join(", ")}\r\n`;
      writeFileSync(
        path.join(mailDir, `${String(count).padStart(5, "0")}.eml`),
        envelope + Buffer.concat(chunks).toString("utf8"),
      );
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  if (typeof address === "object" && address) console.log(`Mail receiver on 127.0.0.1:${address.port}`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
