import regular from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url";
import bold from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url";

/**
 * Noto Sans Devanagari for the Hindi pages, self-hosted: Fontsource's cut of
 * the Devanagari block (with the joiners, the dotted circle and the rupee and
 * Vedic signs it carries), the regular face for 100–549 and the bold for
 * 550–900, so no weight is faked. Only a Hindi page's head carries these
 * rules, so English pages (which show "हिन्दी" in their switcher, in the
 * device's own font) never fetch it; and, as with the brand face, only the
 * wide layout names it: a phone has Noto Sans Devanagari or its like built in
 * (Android ships Noto, iOS Kohinoor), and on a phone's connection another
 * 50 KB would hold back the first paint. The unicode-range keeps Latin text
 * in the site's own faces.
 */
const range = "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+25CC, U+A830-A839, U+A8E0-A8FF";

const face = (url: string, weights: string) => `@font-face {
  font-family: "Noto Sans Devanagari Site";
  font-style: normal;
  font-display: swap;
  font-weight: ${weights};
  src: url("${url}") format("woff2");
  unicode-range: ${range};
}`;

/** The faces to fetch early, where the wide layout uses them: a Hindi page's heading is its largest text. */
export const devanagariFonts = [regular, bold];

const faces = `${face(regular, "100 549")}
${face(bold, "550 900")}`;

/**
 * The staff area's: the Hindi fields of the site's editor (marked lang="hi";
 * the class outweighs the fields' own `font: inherit`) are drawn in it at every width, as staff translate on phones whose browsers
 * may have no Devanagari face; the unicode-range keeps every other page from
 * fetching it.
 */
export const staffDevanagariCss = `${faces}
.staff [lang="hi"] {
  font-family: "Noto Sans Devanagari Site", var(--font-body);
}
`;

export const devanagariCss = `${faces}
@media (min-width: 64em) {
  :root:lang(hi) {
    --font-body: "Noto Sans Devanagari Site", "Plus Jakarta Sans Variable", var(--font-stand-ins);
  }
}
`;
