import { WAITING } from "../inbox/inbox.server.ts";
import { formatIndiaTime } from "../inbox/report.server.ts";
import { formatWait } from "../inbox/wait.ts";
import { wakeWhenCommitted } from "../jobs/job-queue.server.ts";
import type { JobHandler, Periods } from "../jobs/runtime.server.ts";
import {
  escapeHtml,
  type MailContent,
  type MailSettings,
  messageId,
  type OutgoingMail,
  page,
} from "../mail/messages.server.ts";
import type { Database } from "../store/db.server.ts";
import { indiaDay } from "./quotation.ts";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** India is 5 h 30 min ahead of UTC all year: no daylight saving. */
const INDIA_OFFSET_MS = 5.5 * HOUR_MS;

export type WaitingInquiry = { reference: string; name: string; subject: string; receivedAt: string };

/** Inquiries no one has answered yet that arrived before the given time, oldest first; spam and closed ones left out. */
export async function waitingInquiries(db: Database, receivedBefore: number): Promise<WaitingInquiry[]> {
  const rows = await db.all<{ reference: string; name: string; subject: string; received_at: string }>(
    `SELECT reference, name, msg_subject AS subject, received_at FROM inquiries
     WHERE ${WAITING} AND received_at < ?
     ORDER BY received_at, id`,
    [new Date(receivedBefore).toISOString()],
  );
  return rows.map((row) => ({
    reference: row.reference,
    name: row.name,
    subject: row.subject,
    receivedAt: row.received_at,
  }));
}

/** The next moment the clock in India shows the given time (HH:MM), after `now`. */
export function nextIndiaTime(time: string, now: number): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const indiaMidnight = Math.floor((now + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS - INDIA_OFFSET_MS;
  const today = indiaMidnight + hours * HOUR_MS + minutes * 60_000;
  return today > now ? today : today + DAY_MS;
}

/** The company's daily list of inquiries waiting for a first reply, longest waiting first. */
export function digestMail(
  day: string,
  waiting: readonly WaitingInquiry[],
  now: number,
  settings: MailSettings,
  content: Pick<MailContent, "staffLinks">,
): OutgoingMail {
  const rows = waiting.map((inquiry) => ({
    ...inquiry,
    waited: formatWait(now - Date.parse(inquiry.receivedAt)),
    link: content.staffLinks.inquiry(inquiry.reference),
  }));
  const subject = `${waiting.length} ${waiting.length === 1 ? "inquiry" : "inquiries"} waiting for a first reply (${day})`;
  const text = [
    "These inquiries have had no reply yet:",
    "",
    ...rows.map((row) => `${row.reference}, waiting ${row.waited}: ${row.name}, "${row.subject}"\n  ${row.link}`),
    "",
    `Received ${rows.length > 0 ? `from ${formatIndiaTime(rows[0]?.receivedAt ?? "")} IST` : ""}. A reply is recorded when a quotation is sent or marked on the inquiry's page.`,
    "",
  ].join("\n");
  const html = page(
    subject,
    `<p>These inquiries have had no reply yet:</p>
<ul>${rows
      .map(
        (row) =>
          `<li><a href="${escapeHtml(row.link)}">${escapeHtml(row.reference)}</a>, waiting ${escapeHtml(row.waited)}: <span dir="auto">${escapeHtml(row.name)}</span>, “<span dir="auto">${escapeHtml(row.subject)}</span>”</li>`,
      )
      .join("")}</ul>
<p>A reply is recorded when a quotation is sent or marked on the inquiry's page.</p>`,
  );
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    replyTo: settings.mailTo,
    subject,
    text,
    html,
    messageId: messageId(`digest-${day}`, settings),
    headers: {},
  };
}

/** Queues the day's list when some inquiry has waited long enough; true when this call queued it. */
export async function queueDigest(db: Database, waitingHours: number, at: number): Promise<boolean> {
  const waiting = await waitingInquiries(db, at - waitingHours * HOUR_MS);
  if (waiting.length === 0) return false;
  const queued = await db.run(
    "INSERT INTO outbox (kind, detail, next_attempt_at) VALUES ('digest', ?, ?) ON CONFLICT DO NOTHING",
    [indiaDay(at), at],
  );
  if (queued > 0) wakeWhenCommitted(db);
  return queued > 0;
}

/**
 * The daily list as a periodic kind of the job runtime: once a day at the set
 * India time, one instance queues the list in the outbox (the outbox also
 * takes one list per day, a unique day).
 */
export function digestJob(options: { db: Database; time: string; waitingHours: number; now?: () => number }): {
  periods: Periods;
  handler: JobHandler;
} {
  const { db, time, waitingHours, now = Date.now } = options;
  return {
    periods: (at) => {
      const due = nextIndiaTime(time, at);
      return [{ at: due, key: indiaDay(due) }];
    },
    handler: {
      label: (job) => `The list of waiting inquiries of ${job.onceKey ?? "a day"}`,
      leaseMs: 60_000,
      retry: { baseMs: 60_000, maxMs: 30 * 60_000, maxAttempts: 5 },
      async run() {
        await queueDigest(db, waitingHours, now());
      },
    },
  };
}
