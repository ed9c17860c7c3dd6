/**
 * A page as Ghostscript's psdcmyk device renders it: one plate per ink, the
 * four process inks and each spot colour the page uses, and what the print
 * check reads from two such renders of the same page (one with overprint as
 * it prints, one with overprint off and RGB art and text marked).
 */

/** One page's plates: ink per pixel, stored as Photoshop stores CMYK (255 is no ink, 0 is full ink). */
export type Separations = { width: number; height: number; names: string[]; planes: Uint8Array[] };

export const PROCESS_INKS = ["Cyan", "Magenta", "Yellow", "Black"] as const;

/** Pixels, left, top, right and bottom, inclusive. */
export type PixelBox = { left: number; top: number; right: number; bottom: number };

/**
 * Reads the PSD Ghostscript wrote: the header, the spot plates' names (image
 * resource 0x03EE, in plate order after the four process inks) and the raw
 * planes. Only that shape is taken; anything else throws.
 */
export function readSeparations(bytes: Uint8Array): Separations {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fail = (why: string): never => {
    throw new Error(`the separations could not be read (${why})`);
  };
  if (data.length < 26 || data.toString("latin1", 0, 4) !== "8BPS") fail("not a PSD");
  const channels = data.readUInt16BE(12);
  const height = data.readUInt32BE(14);
  const width = data.readUInt32BE(18);
  if (data.readUInt16BE(22) !== 8 || data.readUInt16BE(24) !== 4 || channels < 4) fail("not 8-bit CMYK");
  let at = 26;
  const section = () => {
    if (at + 4 > data.length) fail("it ends early");
    const length = data.readUInt32BE(at);
    const start = at + 4;
    at = start + length;
    if (at > data.length) fail("it ends early");
    return data.subarray(start, at);
  };
  section();
  const spots = spotNames(section());
  section();
  if (at + 2 > data.length || data.readUInt16BE(at) !== 0) fail("its planes are compressed");
  at += 2;
  const size = width * height;
  if (at + channels * size > data.length) fail("it ends early");
  const planes = Array.from({ length: channels }, (_, plate) =>
    data.subarray(at + plate * size, at + (plate + 1) * size),
  );
  const names = [...PROCESS_INKS, ...Array.from({ length: channels - 4 }, (_, i) => spots[i] ?? `Spot ${i + 1}`)];
  return { width, height, names, planes };
}

/** The Pascal strings of the alpha channels' names resource. */
function spotNames(resources: Buffer): string[] {
  let at = 0;
  while (at + 12 <= resources.length && resources.toString("latin1", at, at + 4) === "8BIM") {
    const id = resources.readUInt16BE(at + 4);
    const nameLength = resources[at + 6] ?? 0;
    at += 7 + nameLength + ((nameLength + 1) % 2);
    if (at + 4 > resources.length) break;
    const length = resources.readUInt32BE(at);
    const body = resources.subarray(at + 4, at + 4 + length);
    at += 4 + length + (length % 2);
    if (id !== 0x03ee) continue;
    const names: string[] = [];
    for (let i = 0; i < body.length; ) {
      const n = body[i] ?? 0;
      names.push(new TextDecoder().decode(body.subarray(i + 1, i + 1 + n)));
      i += 1 + n;
    }
    return names;
  }
  return [];
}

/** What one page's two renders show. Shares are of the page's pixels, from 0 to 1. */
export type PageInks = {
  /** Share above the ink limit, and the highest total ink, in per cent. */
  overLimit: number;
  mostInk: number;
  /** Spot plates that carry ink, the dieline's left out. */
  spots: string[];
  /** Plates named as dielines that carry ink, with where their lines run. */
  dielines: { name: string; box: PixelBox }[];
  /** Dieline pixels with the art's ink under them, and with a hole in it (the dieline knocked it out). */
  dielineOverArt: number;
  dielineHoles: number;
  /** Where the inks other than the dieline's reach. */
  art?: PixelBox;
  /** White (no ink) set to overprint: ink under it in print, paper when it knocks out. */
  whiteOverprint: number;
  /** RGB art or text: marked differently in the second render. */
  rgb: number;
};

const ink = (plate: Uint8Array, i: number) => 255 - (plate[i] ?? 255);
/** Rounding each of four plates to 8 bits may move a total by 2. */
const ROUNDING = 2;

/**
 * Reads one page from its render as it prints (overprint on) and its render
 * with overprint off and RGB art and text converted without colour
 * management (so every RGB colour comes out other than as it prints). Written
 * as plain loops over the planes: a 50-page document is some millions of pixels.
 */
export function pageInks(
  printed: Separations,
  knockedOut: Separations,
  options: { inkLimitPercent: number; isDieline: (name: string) => boolean },
): PageInks {
  const { width, height } = printed;
  if (knockedOut.width !== width || knockedOut.height !== height || knockedOut.planes.length < 4) {
    throw new Error("the two renders of a page differ");
  }
  const isDieline = printed.names.map((name, index) => index >= 4 && options.isDieline(name));
  const spots = printed.planes.filter((_, index) => index >= 4 && !isDieline[index]);
  const dielines = printed.planes.filter((_, index) => isDieline[index]);
  const [c, m, y0, k] = printed.planes as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const [cOff, mOff, yOff, kOff] = knockedOut.planes as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const allOff = knockedOut.planes;
  const limit = (options.inkLimitPercent / 100) * 255 + ROUNDING;
  const artInk = (i: number) => {
    let sum = 1020 - (c[i] as number) - (m[i] as number) - (y0[i] as number) - (k[i] as number);
    for (let s = 0; s < spots.length; s++) sum += 255 - ((spots[s] as Uint8Array)[i] as number);
    return sum;
  };
  // Each process plate where the second render has ink of its own, and other ink than the first: RGB marked.
  const marked = (off: Uint8Array, on: Uint8Array, i: number) =>
    (off[i] as number) !== 255 && Math.abs((off[i] as number) - (on[i] as number)) > ROUNDING;
  const onDieline = (i: number) => {
    for (const plate of dielines) if ((plate[i] as number) < 255) return true;
    return false;
  };

  let overLimit = 0;
  let most = 0;
  let whiteOverprint = 0;
  let rgb = 0;
  let dielineOverArt = 0;
  let dielineHoles = 0;
  const art = new Bounds();
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const total = artInk(i);
      if (total > 0) {
        if (total > limit) overLimit++;
        if (total > most) most = total;
        art.add(x, y);
        let paper = true;
        for (const plate of allOff) {
          if ((plate[i] as number) < 255) {
            paper = false;
            break;
          }
        }
        if (paper) whiteOverprint++;
      }
      if (marked(cOff, c, i) || marked(mOff, m, i) || marked(yOff, y0, i) || marked(kOff, k, i)) rgb++;
      if (dielines.length > 0 && onDieline(i)) {
        if (total > 0) dielineOverArt++;
        else if (artBeside(x, y)) dielineHoles++;
      }
    }
  }

  /** Art's ink within two pixels, off the dieline: what a knocked-out line would have cut through. */
  function artBeside(x: number, y: number): boolean {
    for (let ny = Math.max(0, y - 2); ny <= Math.min(height - 1, y + 2); ny++) {
      for (let nx = Math.max(0, x - 2); nx <= Math.min(width - 1, x + 2); nx++) {
        const j = ny * width + nx;
        if (!onDieline(j) && artInk(j) > 0) return true;
      }
    }
    return false;
  }

  const pixels = width * height || 1;
  const names = printed.names;
  return {
    overLimit: overLimit / pixels,
    mostInk: Math.round((most / 255) * 100),
    spots: names.filter((_, index) => index >= 4 && !isDieline[index] && hasInk(printed.planes[index])),
    dielines: names.flatMap((name, index) => {
      const box = isDieline[index] ? inkBox(printed.planes[index] as Uint8Array, width) : undefined;
      return box ? [{ name, box }] : [];
    }),
    dielineOverArt,
    dielineHoles,
    ...(art.box ? { art: art.box } : {}),
    whiteOverprint: whiteOverprint / pixels,
    rgb: rgb / pixels,
  };
}

const hasInk = (plate: Uint8Array | undefined) => plate?.some((value) => value < 255) ?? false;

/** Where a plate carries ink. */
function inkBox(plate: Uint8Array, width: number): PixelBox | undefined {
  const bounds = new Bounds();
  for (let i = 0; i < plate.length; i++) if ((plate[i] as number) < 255) bounds.add(i % width, Math.floor(i / width));
  return bounds.box;
}

/** The smallest box around the pixels added. */
class Bounds {
  left = Number.POSITIVE_INFINITY;
  top = Number.POSITIVE_INFINITY;
  right = -1;
  bottom = -1;
  add(x: number, y: number) {
    if (x < this.left) this.left = x;
    if (x > this.right) this.right = x;
    if (y < this.top) this.top = y;
    if (y > this.bottom) this.bottom = y;
  }
  get box(): PixelBox | undefined {
    return this.right < 0 ? undefined : { left: this.left, top: this.top, right: this.right, bottom: this.bottom };
  }
}

/** Whether any plate named as a dieline has ink within the box (pixels, clipped to the page). */
export function dielineWithin(page: Separations, box: PixelBox, isDieline: (name: string) => boolean): boolean {
  return platesWithin(page, box, (name, index) => index >= 4 && isDieline(name));
}

/** Whether the inks other than the dieline's print anything within the box: text that shows, not hidden or die text. */
export function artWithin(page: Separations, box: PixelBox, isDieline: (name: string) => boolean): boolean {
  return platesWithin(page, box, (name, index) => index < 4 || !isDieline(name));
}

function platesWithin(page: Separations, box: PixelBox, chosen: (name: string, index: number) => boolean): boolean {
  const plates = page.planes.filter((_, index) => chosen(page.names[index] ?? "", index));
  const [left, top] = [Math.max(0, Math.floor(box.left)), Math.max(0, Math.floor(box.top))];
  const [right, bottom] = [
    Math.min(page.width - 1, Math.ceil(box.right)),
    Math.min(page.height - 1, Math.ceil(box.bottom)),
  ];
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const i = y * page.width + x;
      if (plates.some((plate) => ink(plate, i) > 0)) return true;
    }
  }
  return false;
}
