import "./require-node.mjs";
import { statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/*
 * Draws the sample photograph the cake box service shows until the company
 * has its own: printed cake boxes stacked on a wooden counter, the size and
 * weight of a phone camera's picture (4000 × 3000 JPEG, about 2 MB), so the
 * build's photo step is proven on what the owner will really drop in.
 * Drawn, not photographed, so the site holds no picture it has no licence for.
 * Run once; its output is committed: `node scripts/make-sample-photo.ts`.
 * The grain comes from a seeded generator, so a second run draws the same picture.
 */

const width = 4000;
const height = 3000;
const out = path.resolve("app/site/content/photos/cake-boxes.jpg");

const navy = "#12355b";
const orange = "#e8772e";
const cream = "#f6efe2";

/** The far side of the room: wall, window light and shelves, as a lens focused on the boxes sees them. */
function backgroundSvg(): string {
  const bokeh = Array.from({ length: 26 }, (_, index) => {
    const x = (index * 557) % width;
    const y = 250 + ((index * 331) % 1300);
    const r = 60 + ((index * 97) % 140);
    const warm = index % 3 === 0 ? "#fff4d6" : index % 3 === 1 ? "#ffe1b8" : "#f4f0ff";
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${warm}" opacity="${0.18 + ((index * 13) % 30) / 100}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#d9c7ad"/><stop offset="0.55" stop-color="#c4ab8a"/><stop offset="1" stop-color="#9c8263"/>
    </linearGradient>
    <radialGradient id="window" cx="0.18" cy="0.2" r="0.6">
      <stop offset="0" stop-color="#fffaf0" stop-opacity="0.95"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#wall)"/>
  <rect width="${width}" height="${height}" fill="url(#window)"/>
  <rect x="2500" y="520" width="1500" height="40" fill="#6d5237"/>
  <rect x="2620" y="330" width="180" height="190" rx="30" fill="#b5d0c4"/>
  <rect x="2860" y="260" width="210" height="260" rx="24" fill="#e2b15d"/>
  <rect x="3140" y="380" width="260" height="140" rx="20" fill="#c75d3a"/>
  <rect x="3480" y="300" width="160" height="220" rx="60" fill="#f3efe6"/>
  <ellipse cx="420" cy="1250" rx="420" ry="560" fill="#4f6b3a"/>
  <ellipse cx="620" cy="1050" rx="300" ry="420" fill="#65834a"/>
  <rect x="340" y="1500" width="300" height="380" rx="30" fill="#b0654a"/>
  ${bokeh}
</svg>`;
}

/** Face-local drawing mapped onto a box's face: u along the face, v down it. */
type Face = { matrix: string; u: number; v: number };

type Box = {
  x: number;
  /** The front bottom edge. */
  y: number;
  w: number;
  h: number;
  depth: number;
  board: string;
  print: string;
  band: string;
  window?: boolean;
};

// The camera looks down a little and from the left: tops and right sides show.
const slant = { x: 0.55, y: -0.38 };

function faces(box: Box): { front: Face; side: Face; top: Face } {
  const dx = box.depth * slant.x;
  const dy = box.depth * slant.y;
  const top = box.y - box.h;
  return {
    front: { matrix: `matrix(1 0 0 1 ${box.x} ${top})`, u: box.w, v: box.h },
    side: { matrix: `matrix(${slant.x} ${slant.y} 0 1 ${box.x + box.w} ${top})`, u: box.depth, v: box.h },
    // v runs from the front edge of the top to its back edge.
    top: { matrix: `matrix(1 0 ${-slant.x} ${-slant.y} ${box.x + dx} ${top + dy})`, u: box.w, v: box.depth },
  };
}

function boxSvg(box: Box, id: string): string {
  const { front, side, top } = faces(box);
  const dots = `<pattern id="${id}-dots" width="60" height="60" patternUnits="userSpaceOnUse">
      <circle cx="30" cy="30" r="9" fill="${box.print}" opacity="0.55"/></pattern>`;
  // A brand mark and a few lines of lettering, read as print from this far away.
  const mark = (face: Face) => {
    const cx = face.u * 0.32;
    const cy = face.v * 0.5;
    const r = Math.min(face.u, face.v) * 0.22;
    const lines = [0.36, 0.5, 0.62]
      .map(
        (at, index) =>
          `<rect x="${face.u * 0.52}" y="${face.v * at}" width="${face.u * (index === 0 ? 0.34 : 0.26)}" height="${face.v * (index === 0 ? 0.08 : 0.045)}" rx="8" fill="${index === 0 ? box.print : box.band}"/>`,
      )
      .join("");
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${box.print}" stroke-width="${r * 0.12}"/>
      <path d="M ${cx - r * 0.45} ${cy + r * 0.25} h ${r * 0.9} v ${-r * 0.25} q ${-r * 0.45} ${-r * 0.55} ${-r * 0.9} 0 z" fill="${box.band}"/>
      <circle cx="${cx}" cy="${cy - r * 0.42}" r="${r * 0.1}" fill="${orange}"/>${lines}`;
  };
  const paint = (face: Face, content: string, light: string) => `<g transform="${face.matrix}">
      <rect width="${face.u}" height="${face.v}" fill="${box.board}"/>
      <rect width="${face.u}" height="${face.v}" fill="url(#${id}-dots)" opacity="0.5"/>
      <rect y="${face.v * 0.78}" width="${face.u}" height="${face.v * 0.12}" fill="${box.band}"/>
      ${content}
      <rect width="${face.u}" height="${face.v}" fill="url(#${light})"/>
      <rect width="${face.u}" height="${face.v}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>
    </g>`;
  const windowed = box.window
    ? `<rect x="${top.u * 0.2}" y="${top.v * 0.22}" width="${top.u * 0.6}" height="${top.v * 0.56}" rx="24" fill="#f4d6d8"/>
       <ellipse cx="${top.u * 0.5}" cy="${top.v * 0.5}" rx="${top.u * 0.24}" ry="${top.v * 0.22}" fill="#fbeee6"/>
       ${[0.38, 0.47, 0.56, 0.63]
         .map(
           (at, index) =>
             `<circle cx="${top.u * at}" cy="${top.v * (0.42 + (index % 2) * 0.14)}" r="${top.u * 0.028}" fill="#b3122e"/>`,
         )
         .join("")}
       <rect x="${top.u * 0.2}" y="${top.v * 0.22}" width="${top.u * 0.6}" height="${top.v * 0.56}" rx="24" fill="url(#film)"/>`
    : "";
  // The ribbon runs up the front and over the top.
  const ribbon = `<rect x="${box.w * 0.47}" width="${box.w * 0.06}" height="${box.h}" fill="${orange}"/>`;
  const ribbonTop = `<rect x="${top.u * 0.47}" width="${top.u * 0.06}" height="${top.v}" fill="${orange}"/>`;
  return `<defs>${dots}</defs>
    ${paint(front, mark(front) + ribbon, "light-front")}
    ${paint(side, "", "light-side")}
    ${paint(top, windowed + ribbonTop, "light-top")}`;
}

function shadowSvg(box: Box): string {
  const dx = box.depth * slant.x;
  const dy = box.depth * slant.y;
  const points = [
    [box.x + 40, box.y],
    [box.x + box.w + 140, box.y + 30],
    [box.x + box.w + dx + 220, box.y + dy + 40],
    [box.x + dx, box.y + dy],
  ];
  return `<polygon points="${points.map((point) => point.join(",")).join(" ")}" fill="#1d0f06" opacity="0.55" filter="url(#soft)"/>`;
}

/** The boxes, sharp, on a transparent canvas laid over the background. */
function foregroundSvg(): string {
  const boxes: Box[] = [
    { x: 1150, y: 2620, w: 1450, h: 560, depth: 950, board: navy, print: "#8fb3d9", band: orange },
    {
      x: 1330,
      y: 2060,
      w: 1150,
      h: 440,
      depth: 760,
      board: cream,
      print: navy,
      band: "#d9a5b3",
      window: true,
    },
    { x: 2950, y: 2830, w: 820, h: 520, depth: 620, board: "#f2c6cf", print: navy, band: navy, window: true },
    { x: 330, y: 2760, w: 700, h: 300, depth: 560, board: cream, print: orange, band: navy },
  ];
  const order = [3, 0, 1, 2];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <filter id="soft" x="-20%" y="-40%" width="140%" height="180%"><feGaussianBlur stdDeviation="45"/></filter>
    <linearGradient id="film" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.1"/>
      <stop offset="0.5" stop-color="#fff" stop-opacity="0.4"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.05"/>
    </linearGradient>
    <linearGradient id="light-front" x1="0" y1="0" x2="1" y2="0.6">
      <stop offset="0" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/>
    </linearGradient>
    <linearGradient id="light-side" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/>
    </linearGradient>
    <linearGradient id="light-top" x1="0" y1="1" x2="0.6" y2="0">
      <stop offset="0" stop-color="#fff" stop-opacity="0.02"/><stop offset="1" stop-color="#fff" stop-opacity="0.26"/>
    </linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.55" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </radialGradient>
  </defs>
  ${order.map((index) => shadowSvg(boxes[index] as Box)).join("")}
  ${order.map((index) => boxSvg(boxes[index] as Box, `box${index}`)).join("")}
  <rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`;
}

/** The counter the boxes stand on, in focus with them: oiled wood with its grain along its length. */
function counterSvg(random: () => number): string {
  const top = 1880;
  const streaks = Array.from({ length: 520 }, () => {
    const y = top + random() * (height - top);
    const wave = 4 + random() * 40;
    const dark = random() < 0.55;
    const stroke = dark ? "#2e1a0d" : "#b08256";
    return `<path d="M 0 ${y.toFixed(1)} C 1300 ${(y - wave).toFixed(1)} 2600 ${(y + wave).toFixed(1)} 4000 ${(y - wave / 2).toFixed(1)}" stroke="${stroke}" stroke-width="${(1 + random() * 7).toFixed(1)}" fill="none" opacity="${(0.08 + random() * 0.22).toFixed(2)}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8a5a36"/><stop offset="0.4" stop-color="#74472a"/><stop offset="1" stop-color="#4a2c19"/>
    </linearGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect y="${top}" width="${width}" height="${height - top}" fill="url(#wood)"/>
  ${streaks}
  <rect y="${top}" width="${width}" height="${height - top}" fill="url(#sheen)"/>
  <rect y="${top}" width="${width}" height="6" fill="#2b170a" opacity="0.5"/>
</svg>`;
}

/** mulberry32: small, fast and the same on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mid-grey with a sensor's grain: mostly brightness, a little colour; for a soft-light overlay. */
function sensorNoise(random: () => number, w: number, h: number, strength: number): Buffer {
  const pixels = Buffer.alloc(w * h * 3);
  for (let index = 0; index < pixels.length; index += 3) {
    // The sum of three uniforms is close enough to a bell curve for grain.
    const luma = (random() + random() + random() - 1.5) * strength;
    pixels[index] = 128 + luma + (random() - 0.5) * strength * 0.3;
    pixels[index + 1] = 128 + luma + (random() - 0.5) * strength * 0.3;
    pixels[index + 2] = 128 + luma + (random() - 0.5) * strength * 0.3;
  }
  return pixels;
}

const random = seeded(20260504);
// Blurred as a lens focused on the boxes would see the far side of the room.
const room = await sharp(Buffer.from(backgroundSvg())).blur(18).png().toBuffer();
// A lens is never perfectly sharp, even where it is focused.
const scene = await sharp(room)
  .composite([{ input: Buffer.from(counterSvg(random)) }, { input: Buffer.from(foregroundSvg()) }])
  .blur(1.2)
  .png()
  .toBuffer();

/** Grain `scale` pixels across at `strength`, enlarged smoothly to the picture's size, for a soft-light overlay. */
async function texture(scale: number, strength: number): Promise<Buffer> {
  const raw = { width: Math.ceil(width / scale), height: Math.ceil(height / scale), channels: 3 } as const;
  return sharp(sensorNoise(random, raw.width, raw.height, strength), { raw })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
}

const overlay = (input: Buffer) => ({ input, raw: { width, height, channels: 3 }, blend: "soft-light" }) as const;
await sharp(scene)
  .composite([
    // Uneven light, a few hundred pixels across.
    overlay(
      await sharp(await texture(50, 24), { raw: { width, height, channels: 3 } })
        .blur(30)
        .raw()
        .toBuffer(),
    ),
    // The tooth of board and plaster.
    overlay(await texture(5, 26)),
    // The sensor's own grain.
    overlay(sensorNoise(random, width, height, 40)),
  ])
  .modulate({ saturation: 0.92 })
  .jpeg({ quality: 88, mozjpeg: true })
  .toFile(out);

const bytes = statSync(out).size;
console.log(`${path.relative(process.cwd(), out)}: ${width} × ${height}, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
