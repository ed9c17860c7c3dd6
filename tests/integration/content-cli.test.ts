import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { CONTENT_ITEM_IDS } from "../../app/server/content/items.ts";
import type { ContentFile } from "../../app/server/content/transfer.server.ts";
import { site as filesCompany } from "../../app/site/content/site.ts";
import { runScript } from "../support/run-script.ts";
import { newPhone } from "./support/site-editor.ts";
import { account, ask, cleanUpStaffSites, type Site, session, site } from "./support/staff-sites.ts";

// npm run content: the site's content to a file and back, on the store of a running server.

cleanUpStaffSites();

function content(server: Site, ...args: string[]) {
  return runScript("scripts/content.ts", args, {
    cwd: server.dataDir,
    env: { DATA_DIR: server.dataDir, ...server.store.env },
  });
}

async function exported(server: Site): Promise<{ file: string; data: ContentFile }> {
  const file = path.join(server.dataDir, `content-${Date.now()}.json`);
  const result = await content(server, "export", file);
  expect(result.code, result.stderr).toBe(0);
  return { file, data: JSON.parse(await readFile(file, "utf8")) as ContentFile };
}

/** Waits for the running server to show what a publication made beside it (it looks every 2 s). */
async function shows(server: Site, text: string): Promise<boolean> {
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    if ((await (await ask(server, "/")).text()).includes(text)) return true;
    await sleep(100);
  }
  return false;
}

describe("npm run content", () => {
  test("export writes every item, published and draft; import --publish loads them and the running site shows them", async () => {
    const server = await site();
    const { file, data } = await exported(server);
    expect(Object.keys(data.items).toSorted()).toEqual(CONTENT_ITEM_IDS.toSorted());
    expect(data.items.company?.published).toMatchObject({ version: 1, body: { name: filesCompany.name } });

    const company = data.items.company?.published.body as typeof filesCompany;
    const changed = { ...company, phone: { display: newPhone, e164: "+919012345678" } };
    await writeFile(
      file,
      JSON.stringify({ ...data, items: { ...data.items, company: { published: { version: 1, body: changed } } } }),
    );
    const imported = await content(server, "import", file, "--publish");
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("Imported and published company, gst-rates");
    expect(await shows(server, newPhone)).toBe(true);
  });

  test("import without --publish leaves drafts for the editor; visitors see nothing new", async () => {
    const server = await site();
    const { file, data } = await exported(server);
    const company = data.items.company?.published.body as typeof filesCompany;
    await writeFile(
      file,
      JSON.stringify({ ...data, items: { company: { published: { body: { ...company, hours: "Open all day" } } } } }),
    );
    const imported = await content(server, "import", file);
    expect(imported.code, imported.stderr).toBe(0);
    const cookie = await session(server, await account(server));
    const overview = await (await ask(server, "/inbox/site", {}, { Cookie: cookie })).text();
    expect(overview).toContain("not yet published");
    expect(await (await ask(server, "/contact")).text()).not.toContain("Open all day");
  });

  test("a file with one bad item changes nothing and names the problem", async () => {
    const server = await site();
    const { file, data } = await exported(server);
    const company = data.items.company?.published.body as typeof filesCompany;
    await writeFile(
      file,
      JSON.stringify({
        ...data,
        items: {
          company: { published: { body: { ...company, phone: { display: newPhone, e164: "+919012345678" } } } },
          "gst-rates": { published: { body: [{ hsn: "48", rate: 5, effectiveFrom: "2025-09-22" }] } },
          faq: { published: { body: { questions: [{ question: "Prices?", answer: "See [our prices](/prices)." }] } } },
          nonsense: { published: { body: {} } },
        },
      }),
    );
    const refused = await content(server, "import", file, "--publish");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Nothing was changed.");
    expect(refused.stderr).toContain("gst-rates: 0.hsn: hsn");
    expect(refused.stderr).toContain("nonsense: the site has no such item.");
    expect(refused.stderr).toContain("faq: questions.0.answer: link");
    const after = await exported(server);
    expect(after.data.items.company?.published.version).toBe(1);
    expect(after.data.items.company?.draft).toBeUndefined();
    expect(await (await ask(server, "/")).text()).not.toContain(newPhone);
  });

  test("a file that is not an export, or not JSON, is refused with a message", async () => {
    const server = await site();
    const file = path.join(server.dataDir, "not-content.json");
    await writeFile(file, JSON.stringify({ hello: "world" }));
    expect((await content(server, "import", file)).stderr).toContain("This is not a file written by");
    await writeFile(file, "{ not json");
    const broken = await content(server, "import", file);
    expect([broken.code, broken.stderr]).toEqual([1, expect.stringContaining("could not be read as JSON")]);
    expect((await content(server, "export")).code).toBe(2);
  });
});
