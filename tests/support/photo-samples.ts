import sharp from "sharp";

/**
 * A picture to upload as a photograph, drawn by sharp: a gradient and a
 * circle, which encode in a moment (noise would take seconds per file).
 * Encode it in the format wanted: `.jpeg()`, `.png()`, `.webp()`, `.avif()`.
 */
export function samplePicture(width: number, height: number) {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <defs><linearGradient id="g"><stop offset="0" stop-color="#c0392b"/><stop offset="1" stop-color="#f1c40f"/></linearGradient></defs>
        <rect width="100%" height="100%" fill="url(#g)"/>
        <circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#2c3e50"/>
      </svg>`,
    ),
  );
}

/**
 * A PNG of 60 megapixels (10 000 × 6000) in one colour: under a megabyte,
 * made in about a second, and refused for its pixels.
 */
export function sixtyMegapixelPng(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 6000, channels: 3, background: "#c86432" } })
    .png()
    .toBuffer();
}
