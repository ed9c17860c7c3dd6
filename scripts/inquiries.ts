import "./require-node.mjs";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createInquiryStore, REFERENCE_PATTERN } from "../app/server/contact/inquiries.server.ts";
import { replyTimes, withReplyFacts } from "../app/server/inbox/inbox.server.ts";
import {
  describeStaffNotices,
  formatCsv,
  formatListing,
  formatReplyReport,
  replyMonths,
} from "../app/server/inbox/report.server.ts";
import { createOutbox } from "../app/server/mail/outbox.server.ts";
import { serviceContent } from "../app/service-content.server.ts";
import { reportWords } from "../app/staff/content/inbox.ts";
import { commandArgs } from "./lib/command-args.ts";
import { commandStoreDescription, commandStoreExists, openCommandDatabase } from "./lib/command-database.ts";

const usage = `Lists the inquiries sent through the contact form, newest first, with their status (New, Contacted,
Quoted, Won, Lost, or Spam with the reason) and where their e-mails stand. Spam sends no mail until
staff press "Not spam" in the inbox (/inbox), which is also where statuses and notes are kept.

  npm run inquiries                          the list, in the terminal
  npm run inquiries -- --csv inquiries.csv   every inquiry as CSV, for a spreadsheet (--csv alone writes to the terminal)
  npm run inquiries -- --replies             how fast inquiries were first answered and what they came to, month by
                                             month (India time, by the month they arrived; spam left out): how many
                                             arrived, how many were answered, the median time to the first reply,
                                             the share of all of them answered within an hour, how many were won and
                                             their value, and the advances asked for and received
  npm run inquiries -- --retry-failed        puts mails that failed back in the queue; the running server sends them

A mail the mail server received but never confirmed is listed as NOT CONFIRMED: it may
have arrived, so it is not sent again by itself. Check, then do one of these:

  npm run inquiries -- --resend-unknown ENQ-2026-000042   send that inquiry's unconfirmed mails again
  npm run inquiries -- --resend-unknown                   send every unconfirmed mail again
  npm run inquiries -- --mark-sent ENQ-2026-000042        record that they did arrive

A mail sent again keeps its Message-ID, so mail programs can show two copies as one.
The running server sends mails put back in the queue within half a minute.

The database is the server's: DATA_DIR or DATABASE_PATH, as for the server (default data/inquiries.sqlite).
`;

async function main(): Promise<number> {
  const args = commandArgs(parse, usage);
  if (typeof args === "number") return args;

  const resendUnknown = args.values["resend-unknown"];
  const markSent = args.values["mark-sent"];
  for (const reference of [resendUnknown, markSent]) {
    if (reference && !REFERENCE_PATTERN.test(reference)) {
      process.stderr.write(`"${reference}" is not a reference such as ENQ-2026-000042.\n\n${usage}`);
      return 2;
    }
  }
  if (markSent === "") {
    process.stderr.write(`--mark-sent needs the inquiry's reference.\n\n${usage}`);
    return 2;
  }

  const where = commandStoreDescription();
  if (where === undefined) return 1;
  if (!commandStoreExists()) {
    process.stdout.write(`No inquiries yet: there is no database at ${where}.\n`);
    return 0;
  }

  const db = await openCommandDatabase();
  if (!db) return 1;
  try {
    const outbox = createOutbox(db);
    if (args.values["retry-failed"]) {
      const count = await outbox.retryFailed(Date.now());
      process.stdout.write(`${count} failed ${count === 1 ? "mail is" : "mails are"} back in the queue.\n`);
      return 0;
    }
    if (resendUnknown !== undefined) {
      const count = await outbox.resendUnknown(Date.now(), resendUnknown || undefined);
      const whose = resendUnknown ? ` of ${resendUnknown}` : "";
      process.stdout.write(
        `${count} unconfirmed ${count === 1 ? "mail" : "mails"}${whose} ${count === 1 ? "is" : "are"} back in the queue, ` +
          "with the same Message-ID.\n",
      );
      return 0;
    }
    if (markSent !== undefined) {
      const count = await outbox.markUnknownSent(markSent);
      process.stdout.write(
        `${count} unconfirmed ${count === 1 ? "mail" : "mails"} of ${markSent} ${count === 1 ? "is" : "are"} now recorded as sent.\n`,
      );
      return 0;
    }
    if (args.values.replies) {
      process.stdout.write(formatReplyReport(replyMonths(await replyTimes(db))));
      return 0;
    }
    const listed = await createInquiryStore(db).list();
    const csv = args.values.csv;
    if (csv === undefined) {
      process.stdout.write(formatListing(listed, reportWords(serviceContent)));
      process.stdout.write(describeStaffNotices(await createOutbox(db).staffNoticesNotSent()));
      return 0;
    }
    const inquiries = await withReplyFacts(db, listed);
    if (csv === "" || csv === "-") {
      process.stdout.write(formatCsv(inquiries, reportWords(serviceContent)));
    } else {
      writeFileSync(csv, formatCsv(inquiries, reportWords(serviceContent)), "utf8");
      process.stdout.write(
        `${inquiries.length} ${inquiries.length === 1 ? "inquiry" : "inquiries"} written to ${csv}\n`,
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

function parse() {
  const argv = process.argv.slice(2);
  // These may stand alone ("--csv" means the terminal, "--resend-unknown" every mail);
  // give them an empty value so parseArgs accepts them.
  for (const option of ["--csv", "--resend-unknown", "--mark-sent"]) {
    const index = argv.indexOf(option);
    if (index !== -1 && (argv[index + 1] === undefined || argv[index + 1]?.startsWith("--")))
      argv.splice(index + 1, 0, "");
  }
  return parseArgs({
    args: argv,
    options: {
      csv: { type: "string" },
      "retry-failed": { type: "boolean" },
      replies: { type: "boolean" },
      "resend-unknown": { type: "string" },
      "mark-sent": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
}

process.exitCode = await main();
