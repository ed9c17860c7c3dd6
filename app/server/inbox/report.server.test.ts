import { describe, expect, test } from "vitest";
import { inquiryReportWords } from "../../../tests/support/area-words.ts";
import type { DeliveryStatus, InquiryListing } from "../contact/inquiries.server.ts";
import {
  csvCell,
  describeDelivery,
  formatCsv,
  formatIndiaTime,
  formatReplyReport,
  median,
  replyMonths,
  terminalSafe,
} from "./report.server.ts";

const now = Date.parse("2026-03-04T09:00:00Z");
const pending: DeliveryStatus = {
  kind: "company",
  state: "pending",
  attempts: 0,
  nextAttemptAt: now,
  leaseUntil: null,
  lastError: null,
  sentAt: null,
  unconfirmedAt: null,
};

describe("the staff listing", () => {
  test.each([
    ["=1+1", `"'=1+1"`],
    ["+91 98765 43210", `"'+91 98765 43210"`],
    ["-2", `"'-2"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\t=1", `"'\t=1"`],
    ["\r=1", `"'\r=1"`],
    ['Say "hi", then go', `"Say ""hi"", then go"`],
    ["line\nbreak", `"line\nbreak"`],
    ["Asha", `"Asha"`],
  ])("CSV cell %j is %s", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test("times are India time", () => {
    expect(formatIndiaTime("2026-12-31T18:45:00Z")).toBe("2027-01-01 00:15");
  });

  test("terminal control and direction characters are shown as codes", () => {
    expect(terminalSafe("a\u001b[31mb\u202ec")).toBe("a\\u{1b}[31mb\\u{202e}c");
    expect(terminalSafe("مريم 🌸")).toBe("مريم 🌸");
  });

  test("a mail whose attempt is under way is being sent; one whose sender stopped mid-attempt says so", () => {
    const underWay = { ...pending, attempts: 1, leaseUntil: now + 60_000 };
    expect(describeDelivery(underWay, false, now)).toBe("sending now (attempt 1)");
    const afterAFailure = { ...underWay, attempts: 2, lastError: "connect ECONNREFUSED" };
    expect(describeDelivery(afterAFailure, false, now)).toBe("sending now (attempt 2)");
    const abandoned = { ...underWay, leaseUntil: now - 1 };
    expect(describeDelivery(abandoned, false, now)).toBe(
      "waiting, attempt 1 did not finish; next try 2026-03-04 14:30",
    );
  });

  test("an unconfirmed mail says it may have arrived, and how to resend it or record that it did", () => {
    const unconfirmed: DeliveryStatus = {
      ...pending,
      state: "unknown",
      attempts: 1,
      unconfirmedAt: "2026-03-04T09:00:00Z",
      lastError: "no answer",
    };
    // The same words in the inbox; the command line adds how to resend or mark it (tests/integration/inquiries-cli.test.ts).
    expect(describeDelivery(unconfirmed, false, now)).toBe(
      "NOT CONFIRMED 2026-03-04 14:30: the mail server did not confirm it (no answer); it may have arrived",
    );
    expect(describeDelivery(undefined, true, now)).toBe("not sent: in the spam tray");
    expect(describeDelivery(undefined, false, now)).toBe("not queued");
  });
});

const MINUTE = 60_000;

/** An inquiry that arrived at `receivedAt` and was first answered `minutes` later, or not yet. */
const arrived = (receivedAt: string, minutes?: number) => ({
  receivedAt,
  firstReplyAt: minutes === undefined ? undefined : Date.parse(receivedAt) + minutes * MINUTE,
});

describe("first replies, month by month", () => {
  test("the median is the middle wait, or the mean of the two middle ones; none without answers", () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeUndefined();
  });

  const noSales = { won: 0, wonPaise: 0, advanceAskedPaise: 0, advanceReceivedPaise: 0 };

  test("counts a month's inquiries and answers, with the median wait and the share answered within an hour", () => {
    const months = replyMonths([
      arrived("2026-03-02T05:00:00Z", 60),
      arrived("2026-03-03T05:00:00Z", 61),
      arrived("2026-03-04T05:00:00Z", 30),
      arrived("2026-03-05T05:00:00Z"),
    ]);
    expect(months).toEqual([
      { month: "2026-03", inquiries: 4, answered: 3, medianMs: 60 * MINUTE, withinHour: 2 / 4, ...noSales },
    ]);
  });

  test("counts the month's inquiries won, their value, and the advances asked and received", () => {
    const months = replyMonths([
      { ...arrived("2026-03-02T05:00:00Z", 60), wonPaise: 99_545_00, advanceAskedPaise: 49_772_50 },
      {
        ...arrived("2026-03-03T05:00:00Z", 60),
        wonPaise: 10_000_00,
        advanceAskedPaise: 5_000_00,
        advanceReceivedPaise: 5_000_00,
      },
      arrived("2026-03-04T05:00:00Z", 30),
    ]);
    expect(months[0]).toMatchObject({
      won: 2,
      wonPaise: 1_09_545_00,
      advanceAskedPaise: 54_772_50,
      advanceReceivedPaise: 5_000_00,
    });
  });

  test("a month without answers has no median and no share; months are India's, oldest first", () => {
    const months = replyMonths([
      // 00:15 on 1 April in India: April's, though still March in UTC.
      arrived("2026-03-31T18:45:00Z"),
      arrived("2026-03-31T18:00:00Z", 10),
      arrived("2026-03-31T18:30:00Z", 20),
    ]);
    expect(months).toEqual([
      { month: "2026-03", inquiries: 1, answered: 1, medianMs: 10 * MINUTE, withinHour: 1, ...noSales },
      { month: "2026-04", inquiries: 2, answered: 1, medianMs: 20 * MINUTE, withinHour: 1 / 2, ...noSales },
    ]);
    expect(replyMonths([arrived("2026-05-10T05:00:00Z")])).toEqual([
      { month: "2026-05", inquiries: 1, answered: 0, medianMs: undefined, withinHour: 0, ...noSales },
    ]);
    expect(replyMonths([])).toEqual([]);
  });

  test("reads as a table: the wait in words, the share in per cent", () => {
    const report = formatReplyReport([
      {
        month: "2026-03",
        inquiries: 3,
        answered: 2,
        medianMs: 200 * MINUTE,
        withinHour: 1 / 3,
        won: 1,
        wonPaise: 99_545_00,
        advanceAskedPaise: 49_772_50,
        advanceReceivedPaise: 0,
      },
      { month: "2026-04", inquiries: 12, answered: 0, medianMs: undefined, withinHour: 0, ...noSales },
    ]);
    expect(report.split("\n")).toEqual([
      "First replies and sales, by the month (India time) the inquiries arrived; spam left out. Values include GST.",
      "",
      "Month    Inquiries  Answered  Median to first reply  Answered within an hour  Won   Won value  Advance asked  Advance received",
      "2026-03          3         2  3 h 20 min                                 33%    1  ₹99,545.00     ₹49,772.50             ₹0.00",
      "2026-04         12         0  none answered                               0%    0       ₹0.00          ₹0.00             ₹0.00",
      "",
    ]);
    expect(formatReplyReport([])).toBe("No inquiries yet.\n");
  });
});

describe("the CSV's answers", () => {
  const inquiry: InquiryListing = {
    id: 1,
    reference: "ENQ-2026-000001",
    receivedAt: "2026-03-02T05:00:00.000Z",
    name: "Asha Verma",
    email: "asha@example.in",
    phone: "98765 43210",
    subject: "Cake boxes",
    message: "2,000 boxes.",
    status: "quoted",
    spamReason: null,
    service: null,
    sourcePage: null,
    language: "en",
    deliveries: [],
  };
  const header = (csv: string) => csv.slice(1).split("\r\n")[0]?.split(",").slice(14);
  const cells = (csv: string) => csv.split("\r\n")[1]?.split(",").slice(-13);

  test("when and how it was first answered, how long it took, and its quotations", () => {
    const csv = formatCsv(
      [
        {
          ...inquiry,
          firstReply: { at: Date.parse("2026-03-02T07:05:30Z"), by: "whatsapp" },
          quotations: {
            sent: 2,
            latest: { number: "QT/2025-26/0007-R1", total: 1_234_567_89 },
            accepted: true,
            acceptedOption: "Option 2: gloss laminated",
            advance: {
              proforma: "PI/2025-26/0003",
              askedPaise: 617_283_95,
              receivedPaise: 600_000_00,
              receivedOn: "2026-03-05",
              reference: "UTR 88812",
            },
          },
        },
      ],
      inquiryReportWords,
      now,
    );
    expect(header(csv)).toEqual([
      '"First reply"',
      '"First reply by"',
      '"Minutes to first reply"',
      '"Quotations sent"',
      '"Latest quotation"',
      '"Latest quotation total"',
      '"Accepted"',
      '"Accepted option"',
      '"Proforma"',
      '"Advance asked"',
      '"Advance received"',
      '"Advance received on"',
      '"Advance reference"',
    ]);
    expect(cells(csv)).toEqual([
      '"2026-03-02 12:35"',
      '"WhatsApp"',
      '"125"',
      '"2"',
      '"QT/2025-26/0007-R1"',
      '"1234567.89"',
      '"yes"',
      '"Option 2: gloss laminated"',
      '"PI/2025-26/0003"',
      '"617283.95"',
      '"600000.00"',
      '"2026-03-05"',
      '"UTR 88812"',
    ]);
  });

  test("an inquiry not yet answered has empty reply cells, no quotation and is not accepted", () => {
    const csv = formatCsv(
      [{ ...inquiry, firstReply: undefined, quotations: { sent: 0, latest: undefined, accepted: false } }],
      inquiryReportWords,
      now,
    );
    expect(cells(csv)).toEqual(['""', '""', '""', '"0"', '""', '""', '"no"', '""', '""', '""', '""', '""', '""']);
  });
});
