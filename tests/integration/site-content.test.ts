import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { site as filesCompany } from "../../app/site/content/site.ts";
import { startSite } from "../support/start-site.ts";
import { sendInquiry } from "./support/contact-form.ts";
import { startMailCatcher } from "./support/mail-catcher.ts";
import {
  account,
  ask,
  buildDir,
  cleanUpStaffSites,
  form,
  type Site,
  servers,
  session,
  site,
} from "./support/staff-sites.ts";

// The company editing its own details: drafts, publication, history, the
// owner's rights, and what visitors then get, on the engine under test.

cleanUpStaffSites();

const newPhone = "+91 90123 45678";

/** The editor's fields as the page holds them, with the version it was opened on. */
async function openEditor(server: Site, cookie: string): Promise<Record<string, string>> {
  const page = await (await ask(server, "/inbox/site/company", {}, { Cookie: cookie })).text();
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[match[1] as string] = decodeEntities(match[2] as string);
  }
  for (const match of page.matchAll(/<input[^>]*value="([^"]*)"[^>]*name="([^"]+)"/g)) {
    fields[match[2] as string] ??= decodeEntities(match[1] as string);
  }
  return fields;
}

function decodeEntities(text: string): string {
  return text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<");
}

function save(server: Site, cookie: string, fields: Record<string, string>) {
  return ask(server, "/inbox/site/company", form({ ...fields, intent: "save" }), { Cookie: cookie });
}

function publish(server: Site, cookie: string) {
  return ask(server, "/inbox/site/company", form({ intent: "publish" }), { Cookie: cookie });
}

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

describe("what the services write after a publication", () => {
  test("the visitor's acknowledgement names the company and its phone as published", async () => {
    const catcher = await startMailCatcher();
    try {
      const server = await site({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(catcher.port) });
      const cookie = await session(server, await account(server));
      await save(server, cookie, {
        ...(await openEditor(server, cookie)),
        name: "Sharma Print House",
        phone: newPhone,
      });
      await publish(server, cookie);
      const reference = await sendInquiry(server.url);
      const mails = await catcher.waitForMails(2);
      const acknowledgement = mails.find((mail) => {
        const subject = mail.header("subject") ?? "";
        return subject.includes(reference) && !subject.startsWith("Inquiry ");
      });
      expect(acknowledgement?.text).toContain("Thank you for writing to Sharma Print House");
      expect(acknowledgement?.text).toContain(newPhone);
    } finally {
      await catcher.close();
    }
  });
});

describe("the preview", () => {
  test("staff see every page with the drafts, marked as a preview, never stored or indexed; its links stay in the preview", async () => {
    const server = await site();
    const owner = await session(server, await account(server));
    await save(server, owner, { ...(await openEditor(server, owner)), phone: newPhone });
    const cookie = await session(server, await account(server, "staff"));

    const preview = await ask(server, "/inbox/site/preview/about", {}, { Cookie: cookie });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const page = await preview.text();
    expect(page).toContain("Preview: the site with its drafts.");
    expect(page).toContain(newPhone);
    expect(page).toContain('href="/inbox/site/preview/services/cake"');
    expect(page).toContain('href="/inbox/site/preview"');
    expect(page).not.toMatch(/href="\/about"/);

    const home = await (await ask(server, "/inbox/site/preview", {}, { Cookie: cookie })).text();
    expect(home).toContain(newPhone);
    expect(await (await ask(server, "/about")).text()).not.toContain(newPhone);
    expect(await (await ask(server, "/about")).text()).not.toContain("Preview: the site with its drafts.");
  });

  test("without a session the preview sends the visitor to sign in and shows nothing", async () => {
    const server = await site();
    for (const path of ["/inbox/site/preview", "/inbox/site/preview/about", "/inbox/site/preview/no-such-page"]) {
      const response = await ask(server, path);
      expect([path, response.status, response.headers.get("location"), await response.text()]).toEqual([
        path,
        303,
        "/inbox/sign-in",
        expect.not.stringContaining("<main"),
      ]);
    }
  });
});

describe("who may change the site", () => {
  test("every address of the editor sends a visitor without a session to the sign-in page", async () => {
    const server = await site();
    for (const path of ["/inbox/site", "/inbox/site/company", "/inbox/site/company/history"]) {
      for (const init of [{}, form({ intent: "publish", version: "1" })]) {
        const response = await ask(server, path, init);
        expect([path, response.status, response.headers.get("location")]).toEqual([path, 303, "/inbox/sign-in"]);
      }
    }
  });

  test("staff (not owners) read the company's details but may not save, publish or bring back a version", async () => {
    const server = await site();
    const owner = await session(server, await account(server));
    await save(server, owner, { ...(await openEditor(server, owner)), phone: newPhone });
    const cookie = await session(server, await account(server, "staff"));
    const page = await (await ask(server, "/inbox/site/company", {}, { Cookie: cookie })).text();
    expect(page).toContain("Only an owner may change this.");

    const attempts = [
      save(server, cookie, { ...(await openEditor(server, cookie)), phone: "+91 91111 11111" }),
      publish(server, cookie),
      ask(server, "/inbox/site", form({ "publish-company": "yes" }), { Cookie: cookie }),
      ask(server, "/inbox/site/company/history", form({ version: "1" }), { Cookie: cookie }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("<main");
    }
    expect(await (await ask(server, "/")).text()).not.toContain(newPhone);
  });
});

describe("several instances", () => {
  test("a publication on one instance is what visitors of the other get within 5 seconds", async () => {
    const first = await site();
    const second = await startSite({ buildDir, dataDir: first.dataDir, env: first.store.env });
    servers.push(second);
    const cookie = await session(first, await account(first));
    await save(first, cookie, { ...(await openEditor(first, cookie)), phone: newPhone });
    expect(await (await fetch(`${second.url}/`)).text()).not.toContain(newPhone);
    await publish(first, cookie);
    const published = Date.now();
    let seen = false;
    while (!seen && Date.now() - published < 5000) {
      seen = (await (await fetch(`${second.url}/`)).text()).includes(newPhone);
      if (!seen) await sleep(100);
    }
    expect(seen, "the other instance shows the new phone within 5 s").toBe(true);
  });
});
