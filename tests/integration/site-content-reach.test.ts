import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { startSite } from "../support/start-site.ts";
import { sendInquiry } from "./support/contact-form.ts";
import { startMailCatcher } from "./support/mail-catcher.ts";
import { newPhone, openEditor, publish, save } from "./support/site-editor.ts";
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

// Where the company's published details reach, and who may publish them: the
// mails, the preview, the owner's rights, and a second instance.

cleanUpStaffSites();

let shared: Promise<Site> | undefined;

/**
 * One server for the preview's tests and the owner's rights: they save drafts
 * of the company's details and sign their own sessions out, but none publishes,
 * so what visitors see stays the files' for each of them.
 */
const draftsOnlySite = () => (shared ??= site());

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
    const server = await draftsOnlySite();
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
    const server = await draftsOnlySite();
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

  test("a session ended by signing out no longer opens the preview, nor does a cookie made up or sent under another host", async () => {
    const server = await draftsOnlySite();
    const owner = await session(server, await account(server));
    await save(server, owner, { ...(await openEditor(server, owner)), phone: newPhone });
    const cookie = await session(server, await account(server, "staff"));
    expect((await ask(server, "/inbox/site/preview", {}, { Cookie: cookie })).status).toBe(200);
    expect((await ask(server, "/inbox/sign-out", form({}), { Cookie: cookie })).status).toBe(303);
    const refusals: Record<string, string>[] = [
      { Cookie: cookie },
      { Cookie: `staff-session=${"a".repeat(43)}` },
      // The __Host- cookie is read only over https through a trusted proxy, which this server has none of.
      { Cookie: `__Host-staff-session=${cookie.split("=")[1]}`, "X-Forwarded-Proto": "https" },
    ];
    for (const headers of refusals) {
      const response = await ask(server, "/inbox/site/preview/contact", {}, headers);
      const body = await response.text();
      expect([response.status, response.headers.get("location"), body.includes(newPhone)]).toEqual([
        303,
        "/inbox/sign-in",
        false,
      ]);
    }
  });
});

describe("who may change the site", () => {
  test("every address of the editor sends a visitor without a session to the sign-in page", async () => {
    const server = await draftsOnlySite();
    for (const path of ["/inbox/site", "/inbox/site/company", "/inbox/site/company/history"]) {
      for (const init of [{}, form({ intent: "publish", version: "1" })]) {
        const response = await ask(server, path, init);
        expect([path, response.status, response.headers.get("location")]).toEqual([path, 303, "/inbox/sign-in"]);
      }
    }
  });

  test("staff (not owners) read the company's details but may not save, publish or bring back a version", async () => {
    const server = await draftsOnlySite();
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
