import { describe, expect, test, vi } from "vitest";
import { type ClaimedMail, type Outbox, startOutboxWorker, withoutAddresses } from "./outbox.server.ts";

const policy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 12 };

describe("what the log says of a mail server's refusal", () => {
  test("names no address, while the stored reason keeps the server's words", async () => {
    const refusal = "550 5.1.1 <asha.rao@bücher.de>: Recipient address rejected; copy to Asha.Rao+orders@example.in";
    const mail: ClaimedMail = {
      id: 1,
      inquiryId: 1,
      kind: "acknowledgement",
      reference: "ENQ-2026-000001",
      attempt: 1,
      leaseToken: "lease",
    };
    let claimed = false;
    const stored: string[] = [];
    // Only what the worker calls: one due mail, then nothing more.
    const outbox = {
      nextDueAt: async () => (claimed ? undefined : 0),
      claimDue: async () => {
        if (claimed) return [];
        claimed = true;
        return [mail];
      },
      markSent: async () => true,
      markRetry: async (_mail: ClaimedMail, _at: number, error: string) => {
        stored.push(error);
        return true;
      },
      markFailed: async (_mail: ClaimedMail, error: string) => {
        stored.push(error);
        return true;
      },
      markUnknown: async (_mail: ClaimedMail, _at: number, error: string) => {
        stored.push(error);
        return true;
      },
    } as unknown as Outbox;
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(line),
      warn: (line: string) => lines.push(line),
      error: (line: string) => lines.push(line),
    };
    const worker = startOutboxWorker({
      outbox,
      send: async () => {
        throw new Error(refusal);
      },
      isPermanent: () => true,
      retry: policy,
      leaseMs: 10_000,
      idleMs: 20,
      log,
    });
    await vi.waitFor(() => expect(stored).toHaveLength(1));
    await worker.stop();
    expect(stored).toEqual([refusal]);
    const failed = lines.find((line) => line.startsWith("Mail FAILED"));
    expect(failed).toContain("550 5.1.1 <[address]>: Recipient address rejected; copy to [address]");
    expect(lines.join("\n")).not.toMatch(/asha|bücher|example\.in/i);
  });

  test.each([
    ["user@example.com", "[address]"],
    ["<user.name+tag@sub.example.co.in>", "<[address]>"],
    ["RCPT TO:<x@y.z> refused", "RCPT TO:<[address]> refused"],
    ['mailbox "asha@bücher.de" full', 'mailbox "[address]" full'],
    ["no address here: 421 try later", "no address here: 421 try later"],
  ])("%s → %s", (text, expected) => {
    expect(withoutAddresses(text)).toBe(expected);
  });
});
