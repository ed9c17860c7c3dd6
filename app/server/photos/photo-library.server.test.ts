import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { samplePicture as picture } from "../../../tests/support/photo-samples.ts";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { openFileStorage } from "../uploads/file-storage.server.ts";
import { createPhotoLibrary, type PhotoLibrary } from "./photo-library.server.ts";

// The library on the engine under test (TEST_STORE), its files in a folder.

let db: Awaited<ReturnType<typeof openTestStore>>;
let folder: string;
let library: PhotoLibrary;
let asha: { id: number; email: string };

beforeAll(async () => {
  db = await openTestStore("photos");
  folder = await mkdtemp(path.join(tmpdir(), "photo-library-"));
  library = createPhotoLibrary({ db, storage: await openFileStorage({ folder }), now: () => Date.UTC(2026, 10, 26) });
  const row = await db.get<{ id: number | string }>(
    "INSERT INTO staff (email, name, webauthn_user_id, created_at, role) VALUES (?, ?, ?, 0, 'staff') RETURNING id",
    ["asha@example.in", "Asha Verma", "asha"],
  );
  asha = { id: Number(row?.id), email: "asha@example.in" };
});

afterAll(async () => {
  await db.remove();
  await rm(folder, { recursive: true, force: true });
});

// Each save encodes up to 21 files, a few seconds on a busy machine.
describe("the photo library", { timeout: 60_000 }, () => {
  test("a photograph saved for a place comes back by its id in the shape the site renders, its files in storage", async () => {
    const bytes = await picture(1000, 750).webp().toBuffer();
    const started = performance.now();
    const outcome = await library.save({ place: "service", name: "window box.webp", bytes, by: asha });
    console.log(`A 1000 × 750 photograph made into 21 files in ${Math.round(performance.now() - started)} ms`);
    if ("refusal" in outcome) throw new Error(`Refused: ${outcome.refusal}`);
    const { saved, added } = outcome;
    expect(added).toBe(true);
    expect(saved).toMatchObject({
      place: "service",
      originalName: "window box.webp",
      uploadedBy: { id: asha.id, name: "Asha Verma" },
    });
    expect(saved.id).toMatch(/^[0-9a-f]{16}$/);

    const records = await library.records([saved.id, "0123456789abcdef", "not an id"]);
    expect([...records.keys()]).toEqual([saved.id]);
    const photo = records.get(saved.id);
    const widths = [320, 480, 640, 720, 800, 960, 1000];
    const files = (extension: string) =>
      widths.map((width) => ({ src: `/photos/${saved.id}-${width}.${extension}`, width }));
    expect(photo).toEqual({
      width: 1000,
      height: 750,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      avif: files("avif"),
      webp: files("webp"),
      fallback: { type: "image/jpeg", variants: files("jpg") },
    });
    expect((await readdir(path.join(folder, "photos"))).sort()).toEqual(
      ["avif", "webp", "jpg"].flatMap((extension) => files(extension).map((file) => path.basename(file.src))).sort(),
    );

    const file = await library.file(`${saved.id}-480.avif`);
    expect(file).toMatchObject({ type: "image/avif" });
    const chunks: Buffer[] = [];
    for await (const chunk of file?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).length).toBe(file?.bytes);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ width: 480, height: 360, format: "heif" });
    expect(await library.file(`${saved.id}-500.avif`)).toBeUndefined();
    expect(await library.file(`${saved.id}-480.png`)).toBeUndefined();

    const [listed] = await library.list();
    expect(listed).toMatchObject({ id: saved.id, uploadedBy: { id: asha.id, name: "Asha Verma" } });
    const audit = await db.all<{ actor: string; detail: string }>(
      "SELECT actor, detail FROM audit_log WHERE action = 'site photo uploaded'",
    );
    expect(audit).toEqual([{ actor: "asha@example.in", detail: `${saved.id} for service (1000 × 750)` }]);
  });

  test("the same file again for the same place is the photograph already there; for another place, a photograph of its own", async () => {
    const bytes = await picture(900, 700).jpeg().toBuffer();
    const first = await library.save({ place: "hero", name: "a.jpg", bytes, by: asha });
    const again = await library.save({ place: "hero", name: "b.jpg", bytes, by: asha });
    const elsewhere = await library.save({ place: "service", name: "c.jpg", bytes, by: asha });
    if ("refusal" in first || "refusal" in again || "refusal" in elsewhere) throw new Error("Refused");
    expect(again).toEqual({ saved: first.saved, added: false });
    expect(again.saved.originalName).toBe("a.jpg");
    expect(elsewhere.added).toBe(true);
    expect(elsewhere.saved.id).not.toBe(first.saved.id);
  });

  test("what is refused leaves nothing behind", async () => {
    const before = await library.list();
    const files = await readdir(path.join(folder, "photos"));
    const refusals = await Promise.all([
      library.save({ place: "about", name: "small.png", bytes: await picture(799, 600).png().toBuffer(), by: asha }),
      library.save({ place: "service", name: "notes.jpg", bytes: Buffer.from("Not a photo at all"), by: asha }),
      // Says it is a JPEG and stops after its first bytes.
      library.save({
        place: "service",
        name: "cut.jpg",
        bytes: (await picture(1000, 750).jpeg().toBuffer()).subarray(0, 2000),
        by: asha,
      }),
      // A GIF is a picture sharp reads, but not one the site takes.
      library.save({ place: "service", name: "anim.gif", bytes: await picture(1000, 750).gif().toBuffer(), by: asha }),
    ]);
    expect(refusals).toEqual([
      { refusal: "too-small", place: "about", width: 799, height: 600, minimum: { width: 800, height: 600 } },
      { refusal: "not-a-photo" },
      { refusal: "not-a-photo" },
      { refusal: "not-a-photo" },
    ]);
    expect(await library.list()).toEqual(before);
    expect(await readdir(path.join(folder, "photos"))).toEqual(files);
  });
});
