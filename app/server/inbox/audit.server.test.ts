import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { createAuditLog, recordAudit } from "./audit.server.ts";

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

describe("the audit log", () => {
  test("keeps entries for an inquiry in order, and the newest first overall", async () => {
    const db = await openTestStore("audit");
    opened.push(db);
    const audit = createAuditLog(db);
    await audit.record({
      actor: "asha@example.com",
      action: "status changed",
      inquiryId: 7,
      detail: "New → Contacted",
    });
    await audit.record({ actor: "system", action: "erased", inquiryId: 7 });
    await audit.record({ actor: "ravi@example.com", action: "sign-in" });
    expect((await audit.forInquiry(7)).map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
      ["asha@example.com", "status changed", "New → Contacted"],
      ["system", "erased", null],
    ]);
    expect((await audit.recent(2)).map((entry) => entry.action)).toEqual(["sign-in", "erased"]);
  });

  test("an entry written in a transaction commits with it, or not at all", async () => {
    const db = await openTestStore("audit-tx");
    opened.push(db);
    const audit = createAuditLog(db);
    await db.transaction((tx) => recordAudit(tx, { actor: "asha@example.com", action: "note added", inquiryId: 3 }));
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actor: "asha@example.com", action: "erased", inquiryId: 3 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await audit.forInquiry(3)).map((entry) => entry.action)).toEqual(["note added"]);
  });
});
