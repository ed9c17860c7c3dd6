import { describe, expect, test } from "vitest";
import { firstWords, lineOf, parseWordBoxes, type Word, wordsNearTrim } from "./page-text.ts";

const word = (text: string, left: number, top: number, right = left + 20, bottom = top + 10): Word => ({
  text,
  box: { left, top, right, bottom },
});

describe("pdftotext -bbox", () => {
  test("each page's words with their boxes, entities decoded", () => {
    const xhtml = [
      '<!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>A &amp; B</title></head><body><doc>',
      '  <page width="300.000000" height="400.000000">',
      '    <word xMin="36.850400" yMin="51.854000" xMax="83.848400" yMax="65.606000">Rao&amp;Sons</word>',
      '    <word xMin="88.8" yMin="51.8" xMax="153.8" yMax="65.6">&lt;100&#160;g&gt;</word>',
      "  </page>",
      '  <page width="300.000000" height="400.000000">',
      "  </page>",
      "</doc></body></html>",
    ].join("\n");
    expect(parseWordBoxes(xhtml)).toEqual([
      [
        { text: "Rao&Sons", box: { left: 36.8504, top: 51.854, right: 83.8484, bottom: 65.606 } },
        { text: "<100\u00a0g>", box: { left: 88.8, top: 51.8, right: 153.8, bottom: 65.6 } },
      ],
      [],
    ]);
  });
});

describe("text near the trim", () => {
  const trim = { left: 10, top: 10, right: 290, bottom: 390 };

  test("within the clearance inside the trim, or across it, but not wholly outside it", () => {
    const words = [
      word("safe", 100, 100),
      word("near-left", 12, 100),
      word("near-bottom", 100, 385, 120, 389),
      word("across", 280, 100, 300, 110),
      word("slug", 295, 100, 320, 110),
      word("edge", 18.5, 100),
    ];
    expect(wordsNearTrim(words, trim, 8.5).map((found) => found.text)).toEqual(["near-left", "near-bottom", "across"]);
  });

  test("a word's line, left to right, and its first words for staff", () => {
    const words = [word("Sunday", 90, 100), word("Offer", 10, 101), word("below", 10, 140), word("ends", 50, 99)];
    expect(firstWords(lineOf(words[1] as Word, words))).toBe("Offer ends Sunday");
    const long = Array.from({ length: 12 }, (_, i) => word(`w${i}\u0007`, i * 30, 0));
    expect(firstWords(long)).toBe("w0 w1 w2 w3 w4 w5 w6 w7");
    expect(firstWords([word("x".repeat(70), 0, 0)])).toBe(`${"x".repeat(59)}…`);
  });
});
