import { describe, expect, test } from "vitest";
import { scriptOf, scriptRuns, wrapText } from "./pdf-text.ts";

/** Every code point one unit wide, so widths in the tests are counts of characters. */
const byCharacters = (text: string) => [...text].length;

describe("scriptOf", () => {
  test.each([
    ["Devanagari letter", "म", "devanagari"],
    ["vowel sign", "ी", "devanagari"],
    ["danda", "।", "devanagari"],
    ["Devanagari digit", "४", "devanagari"],
    ["Devanagari Extended", "\uA8F2", "devanagari"],
    ["Vedic sign", "\u1CD0", "devanagari"],
    ["zero-width joiner", "\u200D", "devanagari"],
    ["zero-width non-joiner", "\u200C", "devanagari"],
    ["rupee sign", "₹", "devanagari"],
    ["Latin letter", "a", "latin"],
    ["digit", "7", "latin"],
    ["space", " ", "latin"],
    ["minus sign", "−", "latin"],
    ["accented letter", "é", "latin"],
    ["letter with a macron", "ā", "latin"],
    ["last code point before the block", "\u08FF", "latin"],
    ["first code point after the block", "\u0980", "latin"],
  ])("%s", (_, character, script) => {
    expect(scriptOf(character.codePointAt(0) ?? 0)).toBe(script);
  });
});

describe("scriptRuns", () => {
  test("splits a Devanagari name at the space, which the Latin font sets", () => {
    expect(scriptRuns("मीना राव")).toEqual([
      { script: "devanagari", text: "मीना" },
      { script: "latin", text: " " },
      { script: "devanagari", text: "राव" },
    ]);
  });

  test("sets the rupee sign apart from the figures", () => {
    expect(scriptRuns("−₹1,234.50")).toEqual([
      { script: "latin", text: "−" },
      { script: "devanagari", text: "₹" },
      { script: "latin", text: "1,234.50" },
    ]);
  });

  test("keeps a joiner with the letters around it, so the conjunct is shaped whole", () => {
    expect(scriptRuns("क्\u200Dष")).toEqual([{ script: "devanagari", text: "क्\u200Dष" }]);
  });

  test("keeps characters outside the Basic Multilingual Plane whole", () => {
    expect(scriptRuns("a😀b")).toEqual([{ script: "latin", text: "a😀b" }]);
  });

  test("gives back the text unchanged when the runs are joined", () => {
    const text = "Rao Sweets (राव मिठाई) — ₹2,02,875.00 only";
    expect(
      scriptRuns(text)
        .map((run) => run.text)
        .join(""),
    ).toBe(text);
  });

  test("has no runs for no text", () => {
    expect(scriptRuns("")).toEqual([]);
  });
});

describe("wrapText", () => {
  test("fills each line with as many words as fit", () => {
    expect(wrapText("one two three four five", 9, byCharacters)).toEqual(["one two", "three", "four five"]);
  });

  test("takes a word exactly as wide as the line on that line", () => {
    expect(wrapText("abcde fghij", 5, byCharacters)).toEqual(["abcde", "fghij"]);
  });

  test("leaves text that fits on one line", () => {
    expect(wrapText("Mono cartons", 40, byCharacters)).toEqual(["Mono cartons"]);
  });

  test("cuts a word too wide for any line, and goes on after it", () => {
    expect(wrapText("go abcdefghijkl on", 5, byCharacters)).toEqual(["go", "abcde", "fghij", "kl on"]);
  });

  test("never cuts inside a grapheme, so a vowel sign stays on its consonant", () => {
    // कि is two code points, one grapheme: a line three wide holds only one of them.
    expect(wrapText("किकिकि", 3, byCharacters)).toEqual(["कि", "कि", "कि"]);
    expect(wrapText("किकिकि", 4, byCharacters)).toEqual(["किकि", "कि"]);
  });

  test("gives a line at least one grapheme when even that is too wide", () => {
    expect(wrapText("abc", 0.5, byCharacters)).toEqual(["a", "b", "c"]);
  });

  test("keeps the line breaks typed, and the blank line between paragraphs", () => {
    expect(wrapText("First line\nsecond\n\nThird\r\nfourth", 40, byCharacters)).toEqual([
      "First line",
      "second",
      "",
      "Third",
      "fourth",
    ]);
  });

  test("drops blank lines and spaces at either end", () => {
    expect(wrapText("\n\n  Notes  \n \n", 40, byCharacters)).toEqual(["Notes"]);
  });

  test("has no lines for blank text", () => {
    expect(wrapText("", 40, byCharacters)).toEqual([]);
    expect(wrapText(" \n\t\n ", 40, byCharacters)).toEqual([]);
  });

  test("turns tabs and other control characters into spaces between words", () => {
    expect(wrapText("a\tb\u0007c", 40, byCharacters)).toEqual(["a b c"]);
  });

  test("collapses runs of spaces between words", () => {
    expect(wrapText("a    b", 40, byCharacters)).toEqual(["a b"]);
  });

  test("keeps a no-break space inside its word", () => {
    expect(wrapText("₹\u00A0100 each", 5, byCharacters)).toEqual(["₹\u00A0100", "each"]);
  });

  test("measures a line as its words and spaces, one measure of each word", () => {
    const measured: string[] = [];
    const measure = (text: string) => {
      measured.push(text);
      return [...text].length;
    };
    wrapText("alpha beta gamma", 11, measure);
    expect(measured.sort()).toEqual([" ", "alpha", "beta", "gamma"]);
  });

  test("gives the first line a width of its own, for text after a label", () => {
    expect(wrapText("Rupees Two Lakh Only", 12, byCharacters, 7)).toEqual(["Rupees", "Two Lakh", "Only"]);
  });

  test("starts under the label a word with no room beside it, rather than cutting it", () => {
    expect(wrapText("Seventy-Five Only", 14, byCharacters, 5)).toEqual(["", "Seventy-Five", "Only"]);
  });

  test("wraps Devanagari at its spaces like any other text", () => {
    expect(wrapText("किरण जी से पुष्टि", 8, byCharacters)).toEqual(["किरण जी", "से", "पुष्टि"]);
  });
});
