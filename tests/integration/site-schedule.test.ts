import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { newPhone, openEditor, save } from "./support/site-editor.ts";
import {
  account,
  answer,
  ask,
  cleanUpStaffSites,
  form,
  inStore,
  refusal,
  type Site,
  session,
  site,
} from "./support/staff-sites.ts";

// Drafts published at a chosen day and time in India, through the running
// server on the engine under test, itself in another time zone: scheduled by
// an owner, published by the server's own job at that time and not before,
// and refused when the time is past or no time, to staff and without a session.

cleanUpStaffSites();

const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** A moment as the page's time field writes it in India, to the second. */
const inIndia = (at: number) => new Date(at + INDIA_OFFSET_MS).toISOString().slice(0, 19);

/** A server in a zone far from India's, so that only reading the time as India's passes. */
const siteElsewhere = () => site({ TZ: "America/New_York" });

function schedule(server: Site, cookie: string, publishAt: string, items = ["company"]) {
  const chosen = Object.fromEntries(items.map((item) => [`publish-${item}`, "yes"]));
  return ask(server, "/inbox/site", form({ ...chosen, intent: "schedule", publishAt }), { Cookie: cookie });
}

const sitePage = async (server: Site, cookie: string) =>
  (await ask(server, "/inbox/site", {}, { Cookie: cookie })).text();

async function auditActions(server: Site): Promise<string[]> {
  const rows = await inStore(server, (db) =>
    db.all<{ action: string; detail: string | null }>(
      "SELECT action, detail FROM audit_log WHERE action LIKE 'site %' ORDER BY id",
    ),
  );
  return rows.map((row) => `${row.action}: ${row.detail ?? ""}`);
}

describe("a publication scheduled by an owner", () => {
  test("the draft reaches the public pages after its time and not before, published by the owner who scheduled it", async () => {
    const server = await siteElsewhere();
    const cookie = await session(server, await account(server));
    expect((await save(server, cookie, { ...(await openEditor(server, cookie)), phone: newPhone })).status).toBe(303);

    // A few seconds ahead, to the second: the job looks every 5 s.
    const at = Math.ceil((Date.now() + 3000) / 1000) * 1000;
    const scheduled = await schedule(server, cookie, inIndia(at));
    expect(scheduled.status).toBe(303);
    expect(scheduled.headers.get("location")).toBe("/inbox/site?notice=scheduled");

    let page = await (await ask(server, "/")).text();
    if (Date.now() < at) expect(page).not.toContain(newPhone);
    const listed = await sitePage(server, cookie);
    expect(listed).toContain("Scheduled publications");
    expect(listed).toContain('aria-label="Cancel the scheduled publication of Company details"');

    const deadline = Date.now() + 30_000;
    while (!page.includes(newPhone)) {
      expect(Date.now(), "the scheduled draft was not published within 30 s of its time").toBeLessThan(deadline);
      await sleep(250);
      page = await (await ask(server, "/")).text();
      // A page showing the draft was answered after its time, never before.
      if (page.includes(newPhone)) expect(Date.now()).toBeGreaterThanOrEqual(at);
    }
    expect(await (await ask(server, "/contact")).text()).toContain(newPhone);

    const after = await sitePage(server, cookie);
    expect(after).not.toContain("Scheduled publications");
    expect(after).toContain("by Asha Verma");
    expect(await auditActions(server)).toEqual([
      "site draft saved: company version 2",
      expect.stringMatching(/^site publication scheduled: company at .+ India time$/),
      expect.stringMatching(/^site published as scheduled: company \(publication \d+\)$/),
    ]);
  });

  test("the time is India's whatever the server's zone, listed with IST; a cancelled schedule leaves the draft a draft", async () => {
    const server = await siteElsewhere();
    const cookie = await session(server, await account(server));
    await save(server, cookie, { ...(await openEditor(server, cookie)), phone: newPhone });

    // Tomorrow in India, at 18:30 there.
    const tomorrow = inIndia(Date.now() + 24 * 60 * 60_000).slice(0, 10);
    const [year, month, day] = tomorrow.split("-").map(Number) as [number, number, number];
    expect((await schedule(server, cookie, `${tomorrow}T18:30`)).status).toBe(303);
    const listed = await sitePage(server, cookie);
    const shown = `${day} ${MONTHS[month - 1]} ${year}, 6:30 pm IST`;
    expect(listed).toContain(`Scheduled for ${shown}`);
    expect(listed).toContain(`<td><p>${shown}</p><p>Scheduled by Asha Verma</p>`);

    const cancelled = await ask(server, "/inbox/site", form({ intent: "cancel", cancel: "company" }), {
      Cookie: cookie,
    });
    expect(cancelled.headers.get("location")).toBe("/inbox/site?notice=cancelled");
    const after = await sitePage(server, cookie);
    expect(after).not.toContain("Scheduled publications");
    expect(after).toContain("not yet published");
    expect(await auditActions(server)).toEqual([
      "site draft saved: company version 2",
      `site publication scheduled: company at ${shown.replace(" IST", "")} India time`,
      "site schedule cancelled: company",
    ]);
  });
});

describe("a schedule refused", () => {
  test("a past time, no real time or none at all is refused beside the field, keeping the choices; nothing is scheduled", async () => {
    const server = await siteElsewhere();
    const cookie = await session(server, await account(server));
    await save(server, cookie, { ...(await openEditor(server, cookie)), phone: newPhone });

    const cases = [
      [inIndia(Date.now() - 60_000), "That time has passed."],
      ["2026-02-30T10:00", "That is not a day and time that exists."],
      ["", "Choose the day and time to publish them at."],
    ] as const;
    for (const [publishAt, message] of cases) {
      const refused = await schedule(server, cookie, publishAt);
      expect(refused.status, publishAt).toBe(400);
      const page = await refused.text();
      expect(page).toContain(message);
      expect(page).toMatch(
        /<input[^>]*aria-invalid="true"[^>]*type="datetime-local"|type="datetime-local"[^>]*aria-invalid="true"/,
      );
      expect(page).toContain(`value="${publishAt}"`);
      expect(page).toMatch(/<input[^>]*name="publish-company"[^>]*checked=""/);
    }
    const nothingChosen = await schedule(server, cookie, inIndia(Date.now() + 60 * 60_000), []);
    expect(nothingChosen.status).toBe(400);
    expect(await nothingChosen.text()).toContain("Choose at least one draft to publish.");
    expect(await sitePage(server, cookie)).not.toContain("Scheduled publications");
    expect(await auditActions(server)).toEqual(["site draft saved: company version 2"]);
  });

  test("staff (not owners) may neither schedule nor cancel, and see no form to; without a session both are refused", async () => {
    const server = await site();
    const owner = await session(server, await account(server));
    await save(server, owner, { ...(await openEditor(server, owner)), phone: newPhone });
    const later = inIndia(Date.now() + 60 * 60_000);
    expect((await schedule(server, owner, later)).status).toBe(303);

    const staff = await session(server, await account(server, "staff"));
    const page = await sitePage(server, staff);
    expect(page).toContain("Scheduled publications");
    expect(page).not.toContain('type="datetime-local"');
    expect(page).not.toContain("Cancel the scheduled publication");
    const attempts = [
      schedule(server, staff, inIndia(Date.now() + 2 * 60 * 60_000)),
      ask(server, "/inbox/site", form({ intent: "cancel", cancel: "company" }), { Cookie: staff }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Only an owner may do this");
    }

    const signedOut: Record<string, string>[] = [
      { "publish-company": "yes", intent: "schedule", publishAt: later },
      { intent: "cancel", cancel: "company" },
    ];
    for (const body of signedOut) {
      expect(await answer(await ask(server, "/inbox/site", form(body)))).toEqual(refusal);
    }
    const still = await sitePage(server, owner);
    expect(still).toContain("Scheduled publications");
    expect(await auditActions(server)).toEqual([
      "site draft saved: company version 2",
      expect.stringMatching(/^site publication scheduled: company at /),
    ]);
  });
});
