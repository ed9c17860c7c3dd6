import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { serviceContent } from "../../service-content.server.ts";
import { deleteExpiredInquiries } from "../inbox/retention.server.ts";
import { staffNoticeMail } from "../mail/messages.server.ts";
import { type ClaimedMail, createOutbox, isInquiryMail, type StaffNoticeMail } from "../mail/outbox.server.ts";
import { createStaffAccounts } from "./accounts.server.ts";
import { createStaffLinks } from "./links.server.ts";
import { createStaffPasskeys } from "./passkeys.server.ts";

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

const DAY_MS = 24 * 60 * 60_000;

async function setUp() {
  const db = await openTestStore("notices");
  opened.push(db);
  const accounts = createStaffAccounts(db);
  const asha = await accounts.add({ email: "asha@example.com", name: "Asha Verma" });
  const outbox = createOutbox(db);
  /** Every staff notice due now, claimed as the mail queue would. */
  const claimNotices = async (now = Date.now()) =>
    (await outbox.claimDue(now, 100, 60_000)).filter(
      (mail): mail is ClaimedMail & StaffNoticeMail => !isInquiryMail(mail),
    );
  return { db, accounts, links: createStaffLinks(db), passkeys: createStaffPasskeys(db), outbox, asha, claimNotices };
}

const passkey = (staffId: number, credentialId = "cred-1") => ({
  credentialId,
  staffId,
  name: "Work laptop",
  publicKey: new Uint8Array([1, 2, 3]),
  counter: 0,
  transports: ["internal"],
});

describe("notices to staff about their own accounts", () => {
  test("adding a passkey queues one mail to its owner, with the passkey's name; a refused one queues none", async () => {
    const { passkeys, asha, claimNotices } = await setUp();
    expect(await passkeys.add(passkey(asha.id), 1000)).toBe(true);
    expect(await passkeys.add(passkey(asha.id), 2000)).toBe(false);
    expect(await claimNotices()).toEqual([
      expect.objectContaining({ kind: "passkey-added", staffId: asha.id, detail: "Work laptop", queuedAt: 1000 }),
    ]);
  });

  test("a changed password and a password set through a reset link are told; a new account's first is not", async () => {
    const { accounts, links, asha, claimNotices } = await setUp();
    const ravi = await accounts.add({ email: "ravi@example.com", name: "Ravi Kumar" });
    expect(await links.setPassword(await links.issue(ravi.id, "add", 0), ravi.id, "hash-0", 10)).toBe(true);
    await accounts.setPassword(asha.id, "hash-1", 20);
    expect(await links.setPassword(await links.issue(asha.id, "reset", 30), asha.id, "hash-2", 40)).toBe(true);
    const notices = await claimNotices();
    expect(notices.map(({ kind, staffId, detail, queuedAt }) => ({ kind, staffId, detail, queuedAt }))).toEqual([
      { kind: "password-changed", staffId: asha.id, detail: "account page", queuedAt: 20 },
      { kind: "password-changed", staffId: asha.id, detail: "reset link", queuedAt: 40 },
    ]);
  });

  test("a notice is sent like every mail: claimed by one sender at a time, and marked sent once", async () => {
    const { passkeys, outbox, asha, claimNotices } = await setUp();
    await passkeys.add(passkey(asha.id), 1000);
    const [notice] = await claimNotices(5000);
    expect(notice).toBeDefined();
    expect(await claimNotices(5000)).toEqual([]);
    expect(await outbox.markSent(notice as ClaimedMail, 6000)).toBe(true);
    expect(await outbox.nextDueAt()).toBeUndefined();
  });

  test("an account removed takes its notices with it, and notices go after the retention time", async () => {
    const { db, accounts, passkeys, asha, claimNotices } = await setUp();
    const ravi = await accounts.add({ email: "ravi@example.com", name: "Ravi Kumar" });
    await passkeys.add(passkey(asha.id), 1000);
    await passkeys.add(passkey(ravi.id, "cred-2"), 1000);
    await accounts.remove(ravi.id);
    expect((await claimNotices(2000)).map((notice) => notice.staffId)).toEqual([asha.id]);

    await deleteExpiredInquiries(db, { retentionDays: 180 }, new Date(1000 + 180 * DAY_MS - 1));
    expect(await db.get("SELECT count(*) AS n FROM outbox")).toEqual({ n: 1 });
    await deleteExpiredInquiries(db, { retentionDays: 180 }, new Date(1000 + 180 * DAY_MS + 1));
    expect(await db.get("SELECT count(*) AS n FROM outbox")).toEqual({ n: 0 });
  });

  test("the mail goes to the account's owner, says what changed and when, and what to do if it was not them", () => {
    const settings = { mailFrom: { name: "Website", address: "website@example.com" }, mailTo: "sales@example.com" };
    const notice = {
      id: 7,
      kind: "passkey-added" as const,
      staffId: 3,
      detail: `<img src=x> "Phone"`,
      queuedAt: Date.parse("2026-03-02T05:00:00Z"),
    };
    const mail = staffNoticeMail(
      notice,
      { name: "Asha\u202E Verma", email: "asha@bücher.example" },
      settings,
      serviceContent,
    );
    expect(mail.to).toEqual({ name: "Asha Verma", address: "asha@xn--bcher-kva.example" });
    expect(mail.subject).toBe("A passkey was added to your staff account");
    expect(mail.text).toContain(`A passkey named "<img src=x> "Phone"" was added to your staff account`);
    expect(mail.text).toContain("on 2 Mar 2026, 10:30 am IST");
    expect(mail.text).toContain('choose "Sign out everywhere" with "Remove my passkeys too"');
    expect(mail.text).toContain("/inbox/account");
    expect(mail.html).toContain("&lt;img src=x&gt;");
    expect(mail.html).not.toContain("<img");
    expect(mail.messageId).toBe("<notice-7.passkey-added@example.com>");
    expect(mail.headers["Auto-Submitted"]).toBe("auto-generated");

    const reset = staffNoticeMail(
      { ...notice, kind: "password-changed", detail: "reset link" },
      { name: "Asha", email: "asha@example.com" },
      settings,
      serviceContent,
    );
    expect(reset.subject).toBe("The password of your staff account was changed");
    expect(reset.text).toContain("was set through a reset link");
  });
});
