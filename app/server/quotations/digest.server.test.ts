import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { serviceContent } from "../../service-content.server.ts";
import { createInquiryStore } from "../contact/inquiries.server.ts";
import { digestMail, nextIndiaTime, queueDigest, waitingInquiries } from "./digest.server.ts";
import { recordFirstReply } from "./quotation-rows.server.ts";

const opened: { remove(): Promise<void> }[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

const HOUR = 3_600_000;
const visitor = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.in`,
  phone: "+91 98765 43210",
  subject: `Boxes for ${name}`,
  message: "Please quote.",
});

describe("when the list goes out", () => {
  test("the next 09:30 in India, from either side of it, and across midnight UTC", () => {
    // 09:30 IST is 04:00 UTC.
    expect(new Date(nextIndiaTime("09:30", Date.parse("2026-11-26T03:59:00Z"))).toISOString()).toBe(
      "2026-11-26T04:00:00.000Z",
    );
    expect(new Date(nextIndiaTime("09:30", Date.parse("2026-11-26T04:00:00Z"))).toISOString()).toBe(
      "2026-11-27T04:00:00.000Z",
    );
    // 21:00 UTC is already 02:30 the next day in India.
    expect(new Date(nextIndiaTime("09:30", Date.parse("2026-11-26T21:00:00Z"))).toISOString()).toBe(
      "2026-11-27T04:00:00.000Z",
    );
    expect(new Date(nextIndiaTime("00:10", Date.parse("2026-11-26T18:00:00Z"))).toISOString()).toBe(
      "2026-11-26T18:40:00.000Z",
    );
  });
});

describe("the inquiries waiting", () => {
  test("only unanswered, open ones received long enough ago, oldest first; one list a day however many instances ask", async () => {
    const db = await openTestStore("digest");
    opened.push(db);
    const store = createInquiryStore(db);
    const at = Date.parse("2026-11-26T04:00:00Z");
    const old = await store.save(visitor("Asha"), { now: new Date(at - 30 * HOUR) });
    const older = await store.save(visitor("Ravi"), { now: new Date(at - 50 * HOUR) });
    const answered = await store.save(visitor("Meena"), { now: new Date(at - 40 * HOUR) });
    await store.save(visitor("Kiran"), { now: new Date(at - 1 * HOUR) });
    const spam = await store.save(visitor("Spam"), { now: new Date(at - 60 * HOUR), spamReason: "honeypot" });
    const answeredId = await db.get<{ id: number }>("SELECT id FROM inquiries WHERE reference = ?", [
      answered.reference,
    ]);
    await db.transaction((tx) => recordFirstReply(tx, Number(answeredId?.id), "call", at - 39 * HOUR));

    const waiting = await waitingInquiries(db, at - 4 * HOUR);
    expect(waiting.map((row) => row.reference)).toEqual([older.reference, old.reference]);
    expect(waiting.map((row) => row.reference)).not.toContain(spam.reference);

    const queued = await Promise.all([queueDigest(db, 4, at), queueDigest(db, 4, at + 1000)]);
    expect(queued.filter(Boolean)).toHaveLength(1);
    const rows = await db.all<{ detail: string }>("SELECT detail FROM outbox WHERE kind = 'digest'");
    expect(rows).toEqual([{ detail: "2026-11-26" }]);
    // Nobody waiting that long: nothing queued.
    expect(await queueDigest(db, 100, at + 24 * HOUR)).toBe(false);

    const mail = digestMail(
      "2026-11-26",
      waiting,
      at,
      {
        mailFrom: { name: "Website", address: "website@example.com" },
        mailTo: "sales@example.com",
      },
      serviceContent,
    );
    expect(mail.subject).toBe("2 inquiries waiting for a first reply (2026-11-26)");
    expect(mail.text).toContain(`${older.reference}, waiting 2 days 2 h`);
    expect(mail.html).toContain("Boxes for Ravi");
  });
});
