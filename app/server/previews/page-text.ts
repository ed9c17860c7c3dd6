/** A rectangle on a page in points, from its top left corner as the page is shown, y growing down. */
export type Rect = { left: number; top: number; right: number; bottom: number };

/** One word of live text, as pdftotext -bbox places it on its page. */
export type Word = { text: string; box: Rect };

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi, (whole, name: string, dec, hex) => {
    if (dec || hex) {
      const code = Number.parseInt(dec ?? hex, dec ? 10 : 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The words of each page of `pdftotext -bbox` (XHTML), page 1 first. */
export function parseWordBoxes(xhtml: string): Word[][] {
  const pages: Word[][] = [];
  for (const page of xhtml.split(/<page\b/).slice(1)) {
    const words: Word[] = [];
    for (const match of page.matchAll(
      /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g,
    )) {
      const [left, top, right, bottom] = match.slice(1, 5).map(Number) as [number, number, number, number];
      if (![left, top, right, bottom].every(Number.isFinite)) continue;
      words.push({ text: decodeEntities(match[5] ?? ""), box: { left, top, right, bottom } });
    }
    pages.push(words);
  }
  return pages;
}

/**
 * Words that reach into the band the trim leaves clear: within `clearance`
 * inside the trim, or across it. Words wholly outside the trim (slug notes,
 * colour-bar labels) are cut away and not counted.
 */
export function wordsNearTrim(words: readonly Word[], trim: Rect, clearance: number): Word[] {
  const safe = {
    left: trim.left + clearance,
    top: trim.top + clearance,
    right: trim.right - clearance,
    bottom: trim.bottom - clearance,
  };
  return words.filter(({ box }) => {
    const onSheet = box.right > trim.left && box.left < trim.right && box.bottom > trim.top && box.top < trim.bottom;
    const clear = box.left >= safe.left && box.right <= safe.right && box.top >= safe.top && box.bottom <= safe.bottom;
    return onSheet && !clear;
  });
}

/** The line a word is on: the words whose middle is level with it, left to right. */
export function lineOf(word: Word, words: readonly Word[]): Word[] {
  return words
    .filter(({ box }) => {
      const middle = (box.top + box.bottom) / 2;
      return middle >= word.box.top && middle <= word.box.bottom;
    })
    .sort((a, b) => a.box.left - b.box.left);
}

/** The first words of a line of text, as staff can find them on the page: at most eight words, or 60 characters. */
export function firstWords(words: readonly Word[]): string {
  const text = words
    .slice(0, 8)
    .map((word) => word.text)
    .join(" ")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
