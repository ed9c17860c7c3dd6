import { beforeAll, describe, expect, test } from "vitest";
import { staffPaths } from "../../app/staff/paths.ts";
import { samplePicture } from "../support/photo-samples.ts";
import { formFields, openEditor, publish, save } from "./support/site-editor.ts";
import { account, ask, cleanUpStaffSites, form, type Site, session, site } from "./support/staff-sites.ts";

// The catalog of services as the company edits it: a service hidden, one
// added, a photo replaced, and what the navigation, the grids, the sitemap,
// the service pages and the quote form then show.

cleanUpStaffSites();

let server: Site;
let owner: string;

beforeAll(async () => {
  server = await site();
  owner = await session(server, await account(server));
});

const publicPage = async (path: string) => (await ask(server, path)).text();

/** A service's place in the catalog's form, by its address segment. */
function placeOf(fields: Record<string, string>, slug: string): string {
  const name = Object.entries(fields).find(([field, value]) => field.endsWith(".slug") && value === slug)?.[0];
  const place = name?.split(".")[1];
  if (place === undefined) throw new Error(`No service ${slug} in the form`);
  return place;
}

/** The catalog's form with one service's fields changed, by its place in the list. */
async function changed(index: number, fields: Record<string, string>) {
  const opened = await openEditor(server, owner, "services");
  const entry = Object.fromEntries(Object.entries(fields).map(([key, value]) => [`services.${index}.${key}`, value]));
  return { ...opened, ...entry };
}

describe("the catalog of services", () => {
  test("a service added and another hidden: the menu, the grid, the sitemap, the pages and the quote form follow once published", async () => {
    const opened = await openEditor(server, owner, "services");
    const flex = placeOf(opened, "flex");

    const grown = formFields(
      await (
        await ask(server, "/inbox/site/services", form({ ...opened, intent: "add:services" }), { Cookie: owner })
      ).text(),
    );
    const added = "15";
    expect(grown[`services.${added}.title`]).toBe("");
    const edited = {
      ...grown,
      [`services.${flex}.hidden`]: "on",
      [`services.${added}.title`]: "Gift Box",
      [`services.${added}.slug`]: "gift-box",
      [`services.${added}.group`]: "paper-packaging",
      [`services.${added}.short`]: "Rigid gift boxes with a magnetic lid.",
      [`services.${added}.description`]: "Boxes for **festive gifting**, made to your size.",
      [`services.${added}.features`]: "Magnetic lid\nFoil stamping",
      [`services.${added}.uses`]: "Diwali hampers",
      [`services.${added}.drawing`]: "box",
      [`services.${added}.hsn`]: "4819",
      [`services.${added}.quoteGroup`]: "box",
      [`services.${added}.styles.rigid`]: "on",
    };
    expect((await save(server, owner, edited, "services")).status).toBe(303);
    expect((await ask(server, "/services/gift-box")).status).toBe(404);
    expect((await publish(server, owner, "services")).status).toBe(303);

    const page = await ask(server, "/services/gift-box");
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("<strong>festive gifting</strong>");
    expect(text).toContain("Foil stamping");

    const home = await publicPage("/");
    expect(home).toContain('href="/services/gift-box"');
    expect(home).not.toContain('href="/services/flex"');
    const services = await publicPage("/services");
    expect(services).toContain("Rigid gift boxes with a magnetic lid.");
    expect(services).not.toContain("Weather-proof flex banners");
    const sitemap = await publicPage("/sitemap.xml");
    expect(sitemap).toContain("/services/gift-box</loc>");
    expect(sitemap).not.toContain("/services/flex</loc>");
    expect((await ask(server, "/services/flex")).status).toBe(404);

    const picker = await publicPage("/quote");
    expect(picker).toContain('<option value="gift-box">Gift Box</option>');
    expect(picker).not.toContain('<option value="flex">');
    const quote = await publicPage("/quote?service=gift-box");
    expect(quote).toContain("Rigid box");
    expect(quote).not.toContain("Reverse tuck end");
  });

  test("an address segment used twice, or of the wrong form, and an HSN code that is not one, are refused beside their fields", async () => {
    const opened = await openEditor(server, owner, "services");
    const refused = await save(
      server,
      owner,
      {
        ...opened,
        "services.1.slug": opened["services.0.slug"] ?? "",
        "services.2.slug": "Big Box!",
        "services.3.hsn": "48A",
      },
      "services",
    );
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Another service has this address segment.");
    expect(page).toContain("Use lower-case letters, digits and single hyphens");
    expect(page).toContain("Enter an HSN code of 4 to 8 digits.");
  });

  test("a service's photo replaced from the library: its page serves AVIF and WebP sizes with the new words for it", async () => {
    const body = new FormData();
    body.set("place", "service");
    const bytes = await samplePicture(1000, 750).jpeg().toBuffer();
    body.set("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "new-boxes.jpg");
    const uploaded = await ask(server, staffPaths.sitePhotos, { method: "POST", body }, { Cookie: owner });
    expect(uploaded.status).toBe(303);
    const library = await (await ask(server, "/inbox/site/services", {}, { Cookie: owner })).text();
    const id = /<option value="([0-9a-f]{16})">new-boxes\.jpg/.exec(library)?.[1];
    expect(id).toMatch(/^[0-9a-f]{16}$/);

    const opened = await openEditor(server, owner, "services");
    const box = Object.entries(opened)
      .find(([name, value]) => name.endsWith(".slug") && value === "box")?.[0]
      .split(".")[1];
    const alt = "Our new printed boxes on the packing table";
    const withPhoto = await changed(Number(box), {
      "photo.id": id ?? "",
      "photo.alt": alt,
      "photo.focusX": "40",
      "photo.focusY": "30",
    });
    expect((await save(server, owner, withPhoto, "services")).status).toBe(303);
    await publish(server, owner, "services");

    const page = await publicPage("/services/box");
    expect(page).toContain(`alt="${alt}"`);
    expect(page).toMatch(new RegExp(`<source type="image/avif" srcSet="/photos/${id}-\\d+\\.avif \\d+w`));
    expect(page).toMatch(new RegExp(`<source type="image/webp" srcSet="/photos/${id}-\\d+\\.webp \\d+w`));
    expect(page).toContain("object-position:40% 30%");
    const file = await ask(server, `/photos/${id}-640.webp`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");

    const missing = await changed(Number(box), { "photo.id": "0123456789abcdef", "photo.alt": alt });
    const refused = await save(server, owner, missing, "services");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This photo is not in the library.");
  });
});
