import { describe, expect, test } from "vitest";
import { artWithin, dielineWithin, pageInks, readSeparations, type Separations } from "./separations.ts";

const W = 20;
const H = 10;

/** Plates of a 20 × 10 page, inked as the painter says: ink in per cent by plate name, per pixel. */
function plates(names: string[], paint: (x: number, y: number) => Partial<Record<string, number>>): Separations {
  const planes = names.map(() => new Uint8Array(W * H).fill(255));
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      for (const [name, percent = 0] of Object.entries(paint(x, y))) {
        const plane = planes[names.indexOf(name)];
        if (plane) plane[y * W + x] = 255 - Math.round((percent / 100) * 255);
      }
    }
  }
  return { width: W, height: H, names, planes };
}

const process = ["Cyan", "Magenta", "Yellow", "Black"];
const options = { inkLimitPercent: 300, isDieline: (name: string) => /die/i.test(name) };
const inside = (x: number, y: number, [left, top, right, bottom]: number[]) =>
  x >= (left ?? 0) && x <= (right ?? 0) && y >= (top ?? 0) && y <= (bottom ?? 0);

/** Ghostscript's psdcmyk file: header, the spot names' resource, raw planes. */
function psd(page: Separations): Buffer {
  const header = Buffer.alloc(26);
  header.write("8BPS", 0, "latin1");
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(page.planes.length, 12);
  header.writeUInt32BE(page.height, 14);
  header.writeUInt32BE(page.width, 18);
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(4, 24);
  const names = Buffer.concat(
    page.names.slice(4).map((name) => Buffer.concat([Buffer.from([name.length]), Buffer.from(name)])),
  );
  const resource = Buffer.concat([Buffer.from("8BIM"), Buffer.from([0x03, 0xee, 0, 0]), u32(names.length), names]);
  const padded = names.length % 2 ? Buffer.concat([resource, Buffer.from([0])]) : resource;
  return Buffer.concat([header, u32(0), u32(padded.length), padded, u32(0), Buffer.from([0, 0]), ...page.planes]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

describe("reading Ghostscript's separations", () => {
  test("the process plates, then each spot plate under its name", () => {
    const page = plates([...process, "PANTONE 185 C", "Dieline"], (x) => (x === 0 ? { "PANTONE 185 C": 100 } : {}));
    const read = readSeparations(psd(page));
    expect(read.names).toEqual(["Cyan", "Magenta", "Yellow", "Black", "PANTONE 185 C", "Dieline"]);
    expect([read.width, read.height]).toEqual([W, H]);
    expect(read.planes[4]?.[0]).toBe(0);
    expect(read.planes[4]?.[1]).toBe(255);
  });

  test("anything else is refused", () => {
    const good = psd(plates(process, () => ({})));
    expect(() => readSeparations(good.subarray(0, good.length - 1))).toThrow("ends early");
    expect(() => readSeparations(Buffer.from("GIF89a"))).toThrow("not a PSD");
    const rle = Buffer.from(good);
    rle.writeUInt16BE(1, good.length - 4 * W * H - 2);
    expect(() => readSeparations(rle)).toThrow("compressed");
  });
});

describe("one page's inks", () => {
  test("ink above the limit: its share of the page and the most found", () => {
    const page = plates(process, (x, y) =>
      inside(x, y, [0, 0, 3, 4])
        ? { Cyan: 100, Magenta: 100, Yellow: 100, Black: 100 }
        : { Cyan: 75, Magenta: 75, Yellow: 75, Black: 75 },
    );
    const found = pageInks(page, page, options);
    expect(found.overLimit).toBeCloseTo(20 / 200);
    expect(found.mostInk).toBe(400);
    // 300 % exactly is within the limit, whatever 8-bit rounding does to it.
    expect(
      pageInks(
        plates(process, () => ({ Cyan: 75, Magenta: 75, Yellow: 75, Black: 75 })),
        page,
        options,
      ).overLimit,
    ).toBe(0);
  });

  test("a spot colour counts towards the ink and is named; a dieline plate does neither", () => {
    const names = [...process, "PANTONE 185 C", "Dieline", "Unused"];
    const page = plates(names, (x) => ({ Black: 100, ...(x === 2 ? { "PANTONE 185 C": 100, Dieline: 100 } : {}) }));
    const found = pageInks(page, page, options);
    expect(found.spots).toEqual(["PANTONE 185 C"]);
    expect(found.mostInk).toBe(200);
    expect(found.dielines).toEqual([{ name: "Dieline", box: { left: 2, top: 0, right: 2, bottom: 9 } }]);
    expect(found.art).toEqual({ left: 0, top: 0, right: 19, bottom: 9 });
  });

  test("a dieline over the art, or cutting a hole in it when it knocks out", () => {
    const names = [...process, "Dieline"];
    const overprinting = plates(names, (x) => ({ Cyan: 60, ...(x === 10 ? { Dieline: 100 } : {}) }));
    const knockingOut = plates(names, (x) => (x === 10 ? { Dieline: 100 } : { Cyan: 60 }));
    const bare = plates(names, (x) => (x === 10 ? { Dieline: 100 } : {}));
    expect(pageInks(overprinting, knockingOut, options)).toMatchObject({ dielineOverArt: 10, dielineHoles: 0 });
    expect(pageInks(knockingOut, knockingOut, options)).toMatchObject({ dielineOverArt: 0, dielineHoles: 10 });
    // Nothing under it: nothing to tell either way.
    expect(pageInks(bare, bare, options)).toMatchObject({ dielineOverArt: 0, dielineHoles: 0 });
  });

  test("white set to overprint: ink where the render with overprint off has none at all", () => {
    const printed = plates(process, () => ({ Cyan: 50 }));
    const knockedOut = plates(process, (x, y) => (inside(x, y, [0, 0, 4, 1]) ? {} : { Cyan: 50 }));
    expect(pageInks(printed, knockedOut, options).whiteOverprint).toBeCloseTo(10 / 200);
    // A spot plate's ink there is no white: a white ink, or the dieline knocking out.
    const spot = plates([...process, "Die"], (x, y) => (inside(x, y, [0, 0, 4, 1]) ? { Die: 100 } : { Cyan: 50 }));
    expect(pageInks(printed, spot, options).whiteOverprint).toBe(0);
  });

  test("RGB art: a process plate inked differently, and inked, in the marked render", () => {
    const printed = plates(process, (x) => (x < 5 ? { Magenta: 100, Yellow: 100 } : { Cyan: 40 }));
    const marked = plates(process, (x) => (x < 5 ? { Magenta: 100, Yellow: 100, Black: 20 } : { Cyan: 40 }));
    expect(pageInks(printed, marked, options).rgb).toBeCloseTo(50 / 200);
    // Overprint differences are not RGB: with overprint off a plate only loses its ink.
    const knockedOut = plates(process, (x) => (x < 5 ? { Magenta: 100 } : { Cyan: 40 }));
    expect(pageInks(printed, knockedOut, options).rgb).toBe(0);
  });

  test("two renders of different sizes are refused", () => {
    const page = plates(process, () => ({}));
    expect(() => pageInks(page, { ...page, width: W + 1 }, options)).toThrow("differ");
  });
});

describe("what prints within a box", () => {
  const names = [...process, "Dieline"];
  const page = plates(names, (x) => (x === 10 ? { Dieline: 100 } : x > 15 ? { Black: 100 } : {}));
  const isDieline = options.isDieline;

  test("the dieline within the box, the box clipped to the page", () => {
    expect(dielineWithin(page, { left: 8, top: 0, right: 9.5, bottom: 2 }, isDieline)).toBe(true);
    expect(dielineWithin(page, { left: 0, top: 0, right: 8, bottom: 9 }, isDieline)).toBe(false);
    expect(dielineWithin(page, { left: -50, top: -50, right: 500, bottom: 500 }, isDieline)).toBe(true);
  });

  test("the art's ink within the box, the dieline's left out", () => {
    expect(artWithin(page, { left: 9, top: 0, right: 11, bottom: 9 }, isDieline)).toBe(false);
    expect(artWithin(page, { left: 15, top: 0, right: 16, bottom: 0 }, isDieline)).toBe(true);
  });
});
