import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { variantWidths } from "../../app/server/photos/photo-rules.ts";
import { statusPages } from "../../app/site/content/status-pages.ts";
import { staffPaths } from "../../app/staff/paths.ts";
import { samplePicture, sixtyMegapixelPng } from "../support/photo-samples.ts";
import { startTestS3, type TestS3 } from "../support/s3-server.ts";
import { startSite } from "../support/start-site.ts";
import {
  account,
  ask,
  buildDir,
  cleanUpStaffSites,
  dirs,
  inStore,
  type Site,
  servers,
  session,
  site,
} from "./support/staff-sites.ts";

// The photo library through the real server: uploads as a browser posts them,
// the files served back from a folder (SQLite, one instance) and from an S3
// bucket (the engine under test), and what is refused.

cleanUpStaffSites();

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
});

/** The server on SQLite with its files in a folder under its data folder, as one instance runs by default. */
async function folderSite(): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "site-photos-"));
  dirs.push(dataDir);
  const sqliteFile = path.join(dataDir, "inquiries.sqlite");
  const server = await startSite({ buildDir, dataDir, env: { DATABASE_PATH: sqliteFile } });
  servers.push(server);
  const store = { location: { sqliteFile }, env: { DATABASE_PATH: sqliteFile }, remove: async () => {} };
  return Object.assign(server, { dataDir, store });
}

type Upload = { place: string; name: string; bytes: Buffer | string; type?: string };

/** The upload form as a browser posts it: multipart, the place, then the file. */
function upload(server: Site, cookie: string, { place, name, bytes, type = "image/jpeg" }: Upload) {
  const body = new FormData();
  body.set("place", place);
  body.set("photo", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), name);
  return ask(server, staffPaths.sitePhotos, { method: "POST", body }, cookie ? { Cookie: cookie } : {});
}

/** The library's page: each photograph listed, by the name it was sent with, and its id from its small picture. */
async function listed(server: Site, cookie: string): Promise<Map<string, string>> {
  const page = await (await ask(server, staffPaths.sitePhotos, {}, { Cookie: cookie })).text();
  const items = [...page.matchAll(/<li class="photo-library__item">([\s\S]*?)<\/li>/g)].map((match) => match[1] ?? "");
  return new Map(
    items.map((item) => [
      /photo-library__name">([^<]*)</.exec(item)?.[1] ?? "",
      /src="\/photos\/([0-9a-f]{16})-\d+\.webp"/.exec(item)?.[1] ?? "",
    ]),
  );
}

const types = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;
const sharpFormats = { avif: "heif", webp: "webp", jpg: "jpeg" } as const;

/** Every file of a photograph as a visitor's browser asks for it: its type, a year's caching, the width its name says. */
async function expectFiles(server: Site, id: string, sourceWidth: number) {
  for (const width of variantWidths(sourceWidth)) {
    for (const extension of ["avif", "webp", "jpg"] as const) {
      const name = `/photos/${id}-${width}.${extension}`;
      const response = await ask(server, name);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type"), name).toBe(types[extension]);
      expect(response.headers.get("cache-control"), name).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length, name).toBe(Number(response.headers.get("content-length")));
      const { format, width: shown } = await sharp(bytes).metadata();
      expect({ format, width: shown }, name).toEqual({ format: sharpFormats[extension], width });
    }
  }
}

const storages = [
  {
    what: "a folder",
    start: folderSite,
    holds: (server: Site, file: string) => existsSync(path.join(server.dataDir, "artwork", "photos", file)),
  },
  {
    what: "an S3 bucket",
    start: () => site(s3.env),
    holds: (server: Site, file: string) =>
      existsSync(path.join(s3.directory, "artwork", "photos", `${file}._S3rver_object`)) &&
      !existsSync(path.join(server.dataDir, "artwork", "photos")),
  },
];

describe.each(storages)("the photo library, its files in $what", ({ what, start, holds }) => {
  test("photos uploaded by an owner and by staff are listed, and every file of each comes back with its type and a year's caching", async () => {
    const server = await start();
    const owner = await session(server, await account(server));
    const staff = await session(server, await account(server, "staff"));
    const every = [
      { cookie: owner, place: "service", name: "boxes.jpg", bytes: await samplePicture(1600, 1200).jpeg().toBuffer() },
      { cookie: staff, place: "hero", name: "hero.png", bytes: await samplePicture(700, 500).png().toBuffer() },
      { cookie: owner, place: "service", name: "label.webp", bytes: await samplePicture(640, 480).webp().toBuffer() },
      { cookie: staff, place: "about", name: "team.avif", bytes: await samplePicture(1024, 768).avif().toBuffer() },
    ];
    // Every kind once, in the folder; the bucket holds the same files by the same code, so two of them show it
    // (each photograph is made into nine files, AVIF the slowest to make).
    const uploads =
      what === "a folder" ? every : every.filter((sent) => sent.name !== "hero.png" && sent.name !== "label.webp");
    for (const { cookie, ...sent } of uploads) {
      const answer = await upload(server, cookie, sent);
      expect(answer.status, sent.name).toBe(303);
      expect(answer.headers.get("location"), sent.name).toBe(`${staffPaths.sitePhotos}?notice=uploaded`);
    }

    const library = await listed(server, owner);
    expect([...library.keys()].sort()).toEqual(uploads.map((sent) => sent.name).sort());
    const widths: Record<string, number> = { "boxes.jpg": 1600, "hero.png": 700, "label.webp": 640, "team.avif": 1024 };
    for (const { name } of uploads) await expectFiles(server, library.get(name) ?? "", widths[name] ?? 0);
    expect(holds(server, `${library.get("team.avif")}-1024.avif`)).toBe(true);

    const head = await ask(server, `/photos/${library.get("boxes.jpg")}-1280.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");

    const audit = await inStore(server, (db) =>
      db.all<{ detail: string }>("SELECT detail FROM audit_log WHERE action = 'site photo uploaded' ORDER BY id"),
    );
    const details: Record<string, string> = {
      "boxes.jpg": "for service (1280 × 960)",
      "hero.png": "for hero (700 × 500)",
      "label.webp": "for service (640 × 480)",
      "team.avif": "for about (1024 × 768)",
    };
    expect(audit.map((entry) => entry.detail)).toEqual(
      uploads.map(({ name }) => `${library.get(name)} ${details[name]}`),
    );
  });
});

describe("uploads refused", () => {
  let server: Site;
  let cookie: string;
  beforeAll(async () => {
    server = await site(s3.env);
    cookie = await session(server, await account(server));
  });

  /** The page's answer: its status, the message beside the file's field, and the place still chosen. */
  async function refused(sent: Upload) {
    const answer = await upload(server, cookie, sent);
    const page = await answer.text();
    return {
      status: answer.status,
      message: /<p id="photo-error" class="staff-field__error">([^<]*)<\/p>/.exec(page)?.[1],
      place: /<option value="(\w+)" selected/.exec(page)?.[1],
    };
  }

  test("a text file named .jpg, a 60-megapixel photo, a photo too small for its place, more than 25 MB or no file: each named beside the field, and nothing kept", async () => {
    expect(await refused({ place: "hero", name: "photo.jpg", bytes: "Not a photo, only named like one.\n" })).toEqual({
      status: 400,
      message: expect.stringContaining("This file is not a photo the site can use."),
      place: "hero",
    });
    expect(
      await refused({ place: "about", name: "huge.png", bytes: await sixtyMegapixelPng(), type: "image/png" }),
    ).toEqual({
      status: 413,
      message: expect.stringContaining("This photo is 10000 × 6000 px, more than 50 megapixels."),
      place: "about",
    });
    expect(
      await refused({ place: "about", name: "small.jpg", bytes: await samplePicture(700, 525).jpeg().toBuffer() }),
    ).toEqual({
      status: 400,
      message:
        "This photo is 700 × 525 px; the about page&#x27;s photo needs at least 800 × 600 px, or it shows blurred. Choose a larger photo.",
      place: "about",
    });
    const tooLarge = Buffer.alloc(26 * 1024 * 1024, 0x20);
    tooLarge.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await refused({ place: "service", name: "scan.jpg", bytes: tooLarge })).toEqual({
      status: 413,
      message: expect.stringContaining("This file is larger than 25 MB."),
      place: "service",
    });
    expect(await refused({ place: "service", name: "", bytes: "" })).toEqual({
      status: 400,
      message: "Choose a photo to upload.",
      place: "service",
    });

    expect((await listed(server, cookie)).size).toBe(0);
    const rows = await inStore(server, (db) => db.all("SELECT id FROM photos"));
    expect(rows).toEqual([]);
  });

  test("without a session the page and an upload get the sign-in redirect every staff address gives, and nothing is kept", async () => {
    const page = await ask(server, staffPaths.sitePhotos);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(staffPaths.signIn);
    const sent = await upload(server, "", {
      place: "service",
      name: "boxes.jpg",
      bytes: await samplePicture(800, 600).jpeg().toBuffer(),
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(staffPaths.signIn);
    expect(await inStore(server, (db) => db.all("SELECT id FROM photos"))).toEqual([]);
  });

  test("an address under /photos that names no file of the library, or another method, is the 404 page in the site's frame", async () => {
    const file = `/photos/${(await libraryPhoto(server, cookie)).id}-320.avif`;
    expect((await ask(server, file)).status).toBe(200);
    for (const [method, address] of [
      ["GET", "/photos/0123456789abcdef-320.avif"],
      ["GET", file.replace("-320.", "-321.")],
      ["GET", file.replace(".avif", ".png")],
      ["GET", "/photos"],
      ["GET", "/photos/nothing-here"],
      ["GET", `${file}/more`],
      ["GET", "/photos/0123456789ABCDEF-320.avif"],
      ["POST", file],
      ["DELETE", file],
    ] as const) {
      const answer = await ask(server, address, { method });
      expect(answer.status, `${method} ${address}`).toBe(404);
      expect(answer.headers.get("content-type"), `${method} ${address}`).toMatch(/^text\/html/);
      expect(await answer.text(), `${method} ${address}`).toContain(statusPages["not-found"].heading);
    }
  });

  async function libraryPhoto(server: Site, cookie: string) {
    const answer = await upload(server, cookie, {
      place: "hero",
      name: "hero.jpg",
      bytes: await samplePicture(1000, 700).jpeg().toBuffer(),
    });
    expect(answer.status).toBe(303);
    return { id: (await listed(server, cookie)).get("hero.jpg") ?? "" };
  }
});

describe("the same pipeline as the build's", () => {
  test("the site's own sample photograph, uploaded, comes out as the very files the build made of it", async () => {
    const server = await site();
    const cookie = await session(server, await account(server));
    const bytes = await readFile(path.resolve(import.meta.dirname, "../../app/site/content/photos/cake-boxes.jpg"));
    const answer = await upload(server, cookie, { place: "service", name: "cake-boxes.jpg", bytes });
    expect(answer.status).toBe(303);
    const id = (await listed(server, cookie)).get("cake-boxes.jpg") ?? "";
    const assets = path.join(buildDir, "client", "assets");
    const built = (await readdir(assets)).filter((name) => name.startsWith("cake-boxes-"));
    expect(built).toHaveLength(variantWidths(4000).length * 3);
    for (const name of built) {
      const [, width, extension] = /-(\d+)\.(\w+)$/.exec(name) ?? [];
      const uploaded = Buffer.from(await (await ask(server, `/photos/${id}-${width}.${extension}`)).arrayBuffer());
      expect(uploaded.equals(await readFile(path.join(assets, name))), name).toBe(true);
    }
  });
});
