/**
 * Text as the quotation PDF lays it out: which font draws which characters,
 * and where lines break. Kept apart from the drawing so both can be tested
 * without a PDF.
 */

/**
 * The two families a quotation is set in. Noto Sans has no ₹ and no
 * Devanagari, and Noto Sans Devanagari is the one that has both, so a buyer's
 * name in Hindi and every amount need the second for some characters.
 */
export type Script = "latin" | "devanagari";

export type ScriptRun = { script: Script; text: string };

/**
 * Devanagari letters and signs, Vedic marks, the extended block, the joiners
 * that choose between a conjunct and a half form (they must reach the shaper
 * with the letters around them), and the rupee sign.
 */
export function scriptOf(codePoint: number): Script {
  const devanagari =
    (codePoint >= 0x0900 && codePoint <= 0x097f) ||
    (codePoint >= 0x1cd0 && codePoint <= 0x1cff) ||
    (codePoint >= 0xa8e0 && codePoint <= 0xa8ff) ||
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    codePoint === 0x20b9;
  return devanagari ? "devanagari" : "latin";
}

/** `text` cut where the script changes, each piece whole, so that a word is shaped by one font. */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  for (const character of text) {
    const script = scriptOf(character.codePointAt(0) ?? 0);
    const last = runs.at(-1);
    if (last?.script === script) last.text += character;
    else runs.push({ script, text: character });
  }
  return runs;
}

/**
 * Control characters (a tab pasted from a spreadsheet, a stray form feed) have
 * no glyph in either font and would print as boxes; they are spaces here.
 * Line breaks are taken out before this.
 */
function withoutControls(text: string): string {
  return text.replace(/\p{Cc}/gu, " ");
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * A word too wide for the line, cut between graphemes (never inside one, so a
 * vowel sign stays on its consonant). Every piece holds at least one grapheme,
 * so a column narrower than one letter still ends.
 */
function breakWord(word: string, maxWidth: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const { segment } of graphemes.segment(word)) {
    if (piece !== "" && measure(piece + segment) > maxWidth) {
      pieces.push(piece);
      piece = segment;
    } else {
      piece += segment;
    }
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

/**
 * `text` in lines no wider than `maxWidth` as `measure` reckons them, broken
 * at spaces, and inside a word only when the word alone is too wide. The line
 * breaks staff typed are kept, so are blank lines between paragraphs; blank
 * lines at either end are not. Blank text has no lines. The first line may
 * be given a width of its own, for text that follows a label on that line.
 *
 * A line's width is taken as the sum of its words' and spaces' widths, which
 * is exact for the PDF: it sets glyphs by their advance widths alone, with no
 * kerning between a word and the space after it.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
  firstWidth = maxWidth,
): string[] {
  const paragraphs = text.split(/\r\n|\r|\n/).map((paragraph) =>
    withoutControls(paragraph)
      .split(" ")
      .filter((word) => word !== ""),
  );
  const first = paragraphs.findIndex((words) => words.length > 0);
  if (first === -1) return [];
  const last = paragraphs.findLastIndex((words) => words.length > 0);
  const spaceWidth = measure(" ");
  const lines: string[] = [];
  const widthNow = () => (lines.length === 0 ? firstWidth : maxWidth);
  for (const words of paragraphs.slice(first, last + 1)) {
    let line = "";
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = measure(word);
      if (line !== "" && lineWidth + spaceWidth + wordWidth <= widthNow()) {
        line += ` ${word}`;
        lineWidth += spaceWidth + wordWidth;
        continue;
      }
      if (line !== "") lines.push(line);
      // A word with no room beside the label starts under it rather than being cut.
      if (lines.length === 0 && wordWidth > firstWidth && firstWidth < maxWidth) lines.push("");
      if (wordWidth <= widthNow()) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      const pieces = breakWord(word, widthNow(), measure);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? "";
      lineWidth = measure(line);
    }
    lines.push(line);
  }
  return lines;
}
