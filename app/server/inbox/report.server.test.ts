import { describe, expect, test } from "vitest";
import type { DeliveryStatus } from "../contact/inquiries.server.ts";
import { csvCell, describeDelivery, formatIndiaTime, terminalSafe } from "./report.server.ts";

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
