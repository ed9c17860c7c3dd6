/**
 * An SVG as a data: address, escaped only where an address must be (`#`, `%`,
 * angle brackets, double quotes become single), so it stays about as short as
 * the file. Used for the favicon: carried in the page, it costs a phone no
 * request of its own while the first view loads.
 */
export function svgDataUrl(svg: string): string {
  const escaped = svg
    .trim()
    .replaceAll('"', "'")
    .replace(/[%#<>\s]/g, (character) => (character === " " ? " " : encodeURIComponent(character)));
  return `data:image/svg+xml,${escaped}`;
}
