import { describe, expect, test } from "vitest";
import { site as filesCompany } from "../../app/site/content/site.ts";
import { newPhone, openEditor, publish, save } from "./support/site-editor.ts";
import { account, ask, cleanUpStaffSites, form, session, site } from "./support/staff-sites.ts";

// The company editing its own details: drafts, publication, history, two
// editors, bad input, and what visitors then get, on the engine under test.

cleanUpStaffSites();

describe("the company's details, edited by an owner", () => {
  test("a draft is not seen by visitors; once published, every page, the 404 page and the sitemap's host show it", async () => {
    const server = await site();
    const cookie = await session(server, await account(server));
    const opened = await openEditor(server, cookie);
    expect(opened.phone).toBe(filesCompany.phone.display);

    expect((await save(server, cookie, { ...opened, phone: newPhone })).status).toBe(303);
    const before = await (await ask(server, "/")).text();
    expect(before).toContain(filesCompany.phone.display);
    expect(before).not.toContain(newPhone);

    expect((await publish(server, cookie)).status).toBe(303);
    for (const path of ["/", "/contact", "/services/cake"]) {
      const page = await (await ask(server, path)).text();
      expect(page, path).toContain(newPhone);
      expect(page, path).toContain('href="tel:+919012345678"');
      expect(page, path).toContain('"telephone":"+919012345678"');
      expect(page, path).not.toContain(filesCompany.phone.display);
    }
    const missing = await ask(server, "/no-such-page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(newPhone);
  });

  test("a published page is rendered once and then served like a file: the same bytes, and 304 to a browser that has them", async () => {
    const server = await site();
    const cookie = await session(server, await account(server));
    await save(server, cookie, { ...(await openEditor(server, cookie)), phone: newPhone });
    await publish(server, cookie);
    const first = await ask(server, "/about");
    const body = await first.text();
    expect(body).toContain(newPhone);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"p\d+-/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(first.headers.get("content-security-policy")).toContain("script-src");
    const again = await ask(server, "/about");
    expect(await again.text()).toBe(body);
    expect((await ask(server, "/about", {}, { "If-None-Match": etag })).status).toBe(304);
  });

  test("an earlier version comes back from the history as a draft, and publishing it restores it", async () => {
    const server = await site();
    const cookie = await session(server, await account(server));
    await save(server, cookie, { ...(await openEditor(server, cookie)), phone: newPhone });
    await publish(server, cookie);
    const history = await (await ask(server, "/inbox/site/company/history", {}, { Cookie: cookie })).text();
    expect(history).toContain("Bring back version 1 as a draft");

    const restored = await ask(server, "/inbox/site/company/history", form({ version: "1" }), { Cookie: cookie });
    expect(restored.headers.get("location")).toBe("/inbox/site/company?notice=restored");
    expect(await (await ask(server, "/")).text()).toContain(newPhone);
    await publish(server, cookie);
    expect(await (await ask(server, "/")).text()).toContain(filesCompany.phone.display);
  });

  test("two editors on one version: the second save is refused with both versions, and nothing typed is lost", async () => {
    const server = await site();
    const [asha, ravi] = [await account(server), await account(server)];
    const [ashaCookie, raviCookie] = [await session(server, asha), await session(server, ravi)];
    const [ashaForm, raviForm] = [await openEditor(server, ashaCookie), await openEditor(server, raviCookie)];

    expect((await save(server, ashaCookie, { ...ashaForm, phone: newPhone })).status).toBe(303);
    const refused = await save(server, raviCookie, { ...raviForm, hours: "Ravi's hours, every day" });
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toContain("Someone else saved this in the meantime");
    expect(page).toContain(newPhone);
    expect(page).toContain("Ravi&#x27;s hours, every day");
    expect((await openEditor(server, ashaCookie)).phone).toBe(newPhone);
  });

  test("each bad field is refused beside it, the form keeps what was typed, and nothing is saved", async () => {
    const server = await site();
    const cookie = await session(server, await account(server));
    const opened = await openEditor(server, cookie);
    const refused = await save(server, cookie, {
      ...opened,
      phone: "12",
      Facebook: "javascript:alert(1)",
      name: "Print <b>House</b>",
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Enter a phone number with 10 digits, or with its country code.");
    expect(page).toContain("Enter a full https:// address.");
    expect(page).toContain('value="javascript:alert(1)"');
    const history = await (await ask(server, "/inbox/site/company/history", {}, { Cookie: cookie })).text();
    expect(history).not.toContain("Draft");
  });

  test("markup typed into a field is shown as text on the public pages", async () => {
    const server = await site();
    const cookie = await session(server, await account(server));
    const name = "Print <script>alert(1)</script> House";
    expect((await save(server, cookie, { ...(await openEditor(server, cookie)), name })).status).toBe(303);
    await publish(server, cookie);
    const page = await (await ask(server, "/")).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("Print &lt;script&gt;alert(1)&lt;/script&gt; House");
  });
});
