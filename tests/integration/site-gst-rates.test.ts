import { describe, expect, test } from "vitest";
import { referenceOf } from "./support/contact-form.ts";
import { client, formToken, postQuote } from "./support/quote-posts.ts";
import { cakeRequest } from "./support/quote-request.ts";
import { account, ask, cleanUpStaffSites, form, type Site, session, site } from "./support/staff-sites.ts";

// The GST rate table as the owner edits it, and the rate a new quotation line then starts at.

cleanUpStaffSites();

/** The table's rows as the editor shows them: its fields by name, the empty rows included. */
async function openRates(server: Site, cookie: string): Promise<Record<string, string>> {
  const page = await (await ask(server, "/inbox/site/gst-rates", {}, { Cookie: cookie })).text();
  const fields: Record<string, string> = {};
  for (const [, name = "", value = ""] of page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[name] = value;
  }
  for (const [, name = "", chosen = ""] of page.matchAll(
    /<select[^>]*name="([^"]+)"[^>]*>[\s\S]*?<option[^>]*value="([^"]*)"[^>]*selected/g,
  )) {
    fields[name] = chosen;
  }
  return fields;
}

/** The first empty row's place in the form. */
function emptyRow(fields: Record<string, string>): number {
  let row = 0;
  while (fields[`hsn_${row}`]) row += 1;
  return row;
}

async function addRate(server: Site, cookie: string, hsn: string, rate: string, from: string) {
  const fields = await openRates(server, cookie);
  const row = emptyRow(fields);
  const saved = await ask(
    server,
    "/inbox/site/gst-rates",
    form({ ...fields, intent: "save", [`hsn_${row}`]: hsn, [`rate_${row}`]: rate, [`from_${row}`]: from }),
    { Cookie: cookie },
  );
  expect(saved.status).toBe(303);
  const published = await ask(server, "/inbox/site/gst-rates", form({ intent: "publish" }), { Cookie: cookie });
  expect(published.status).toBe(303);
}

/** The rate the first line of a new quotation for a cake box request starts at, today. */
async function startingRate(server: Site, cookie: string): Promise<string | undefined> {
  const response = await postQuote(server, cakeRequest(await formToken(server)), client());
  const reference = referenceOf(response);
  const page = await (await ask(server, `/inbox/${reference}/quotations/new`, {}, { Cookie: cookie })).text();
  return /<select[^>]*name="o0_line_0_rate"[^>]*>[\s\S]*?<option[^>]*value="([^"]*)"[^>]*selected/.exec(page)?.[1];
}

describe("the GST rate table, edited by an owner", () => {
  test("a rate from a later day leaves today's quotations at today's rate; a rate from a day past applies to them", async () => {
    const server = await site({ FORM_MIN_FILL_SECONDS: "0" });
    const cookie = await session(server, await account(server));
    const rows = await openRates(server, cookie);
    expect(Object.values(rows)).toEqual(expect.arrayContaining(["481920", "2025-09-22"]));
    expect(await startingRate(server, cookie)).toBe("5");

    await addRate(server, cookie, "481920", "12", "2099-04-01");
    expect(await startingRate(server, cookie)).toBe("5");

    await addRate(server, cookie, "481920", "18", "2026-01-01");
    expect(await startingRate(server, cookie)).toBe("18");
  });

  test("a bad row is refused beside it, with what was typed kept, and nothing saved", async () => {
    const server = await site();
    const cookie = await session(server, await account(server));
    const fields = await openRates(server, cookie);
    const row = emptyRow(fields);
    const refused = await ask(
      server,
      "/inbox/site/gst-rates",
      form({ ...fields, intent: "save", [`hsn_${row}`]: "48", [`rate_${row}`]: "5", [`from_${row}`]: "2026-02-30" }),
      { Cookie: cookie },
    );
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(`Row ${row + 1}: An HSN code is 4 to 8 digits`);
    expect(page).toContain('value="48"');
    const history = await (await ask(server, "/inbox/site/gst-rates/history", {}, { Cookie: cookie })).text();
    expect(history).not.toContain("Draft");
  });

  test("staff (not owners) can neither change the table nor publish it", async () => {
    const server = await site();
    const cookie = await session(server, await account(server, "staff"));
    const fields = await openRates(server, cookie);
    for (const intent of ["save", "publish", "discard"]) {
      const response = await ask(server, "/inbox/site/gst-rates", form({ ...fields, intent }), { Cookie: cookie });
      expect([intent, response.status]).toEqual([intent, 403]);
    }
  });
});
