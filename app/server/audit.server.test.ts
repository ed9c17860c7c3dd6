import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createAuditLog } from "./audit.server.ts";
import { openDatabase } from "./db.server.ts";

describe("the audit log", () => {
  test("keeps entries for an inquiry in order, and the newest first overall", async () => {
    const db = openDatabase(path.join(mkdtempSync(path.join(tmpdir(), "audit-")), "site.sqlite"));
    const audit = createAuditLog(db);
    await audit.record({
      actor: "asha@example.com",
      action: "status changed",
      inquiryId: 7,
      detail: "New → Contacted",
    });
    await audit.record({ actor: "system", action: "erased", inquiryId: 7 });
    await audit.record({ actor: "ravi@example.com", action: "sign-in" });
    expect(audit.forInquiry(7).map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
      ["asha@example.com", "status changed", "New → Contacted"],
      ["system", "erased", null],
    ]);
    expect(audit.recent(2).map((entry) => entry.action)).toEqual(["sign-in", "erased"]);
    db.close();
  });
});
