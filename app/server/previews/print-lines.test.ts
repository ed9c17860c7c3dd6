import { describe, expect, test } from "vitest";
import { flatLayout } from "./flat-layouts.ts";
import {
  barcodeLines,
  colourLines,
  dielineLines,
  inkLines,
  onPages,
  type PageInksFound,
  share,
  spotLines,
  textLines,
  whiteOverprintLines,
} from "./print-lines.ts";
import { defaultPrintCheckSettings, isDielineName } from "./print-settings.ts";
import { check, fine, problem } from "./report.ts";
import type { ArtworkRequest } from "./requested-size.ts";

const blank: Omit<PageInksFound, "page"> = {
  overLimit: 0,
  mostInk: 100,
  spots: [],
  dielines: [],
  dielineOverArt: 0,
  dielineHoles: 0,
  whiteOverprint: 0,
  rgb: 0,
};
const page = (number: number, found: Partial<PageInksFound> = {}): PageInksFound => ({
  ...blank,
  page: number,
  ...found,
});
const box = { left: 0, top: 0, right: 10, bottom: 10 };
const carton: ArtworkRequest = {
  box: { style: "tuckEnd", styleLabel: "Reverse tuck end", length: 60, width: 40, height: 100 },
  colours: { label: "4 colours (CMYK)", spotInks: 0 },
};
const withDieline = (found: Partial<PageInksFound> = {}) =>
  page(1, {
    dielines: [{ name: "Dieline", box }],
    dielineOverArt: 40,
    dielineMm: { width: 215.2, height: 210.3 },
    ...found,
  });

describe("the dieline", () => {
  test("named like one of the setting's names, without case, spaces or punctuation", () => {
    const names = defaultPrintCheckSettings.dielineNames;
    for (const name of ["Dieline", "DIE LINE", "die-cut", "CutContour", "Cut contour 2", "Crease lines"]) {
      expect(isDielineName(name, names), name).toBe(true);
    }
    for (const name of ["PANTONE 185 C", "Black", "", "Varnish"]) expect(isDielineName(name, names), name).toBe(false);
    expect(isDielineName("Stanze", ["Stanze"])).toBe(true);
  });

  test("found, set to overprint, and the flat blank of the box asked for", () => {
    expect(dielineLines([withDieline()], [], carton, defaultPrintCheckSettings)).toEqual([
      fine('Dieline: the separation "Dieline", on page 1'),
      fine("The dieline is set to overprint"),
      fine("Dieline 215.2 × 210.3 mm: the flat blank of a reverse tuck end of 60 × 40 × 100 mm (about 215 × 210 mm)"),
    ]);
  });

  test("knocking out the art is a check; nothing under it says nothing of overprint", () => {
    expect(
      dielineLines([withDieline({ dielineOverArt: 3, dielineHoles: 90 })], [], undefined, defaultPrintCheckSettings)[1],
    ).toEqual(
      check(
        "The dieline knocks out the art under it: set it to overprint, or its lines print as white gaps in the art",
      ),
    );
    expect(dielineLines([withDieline({ dielineOverArt: 0 })], [], undefined, defaultPrintCheckSettings)).toEqual([
      fine('Dieline: the separation "Dieline", on page 1'),
      fine("Dieline 215.2 × 210.3 mm"),
    ]);
  });

  test("another size than the box's blank is a check; a style without a known layout is reported as found", () => {
    const big = withDieline({ dielineMm: { width: 300, height: 200 } });
    expect(dielineLines([big], [], carton, defaultPrintCheckSettings).at(-1)).toEqual(
      check(
        "Dieline 300 × 200 mm: a reverse tuck end of 60 × 40 × 100 mm lies flat at about 215 × 210 mm; check the die is for this size",
      ),
    );
    const cake: ArtworkRequest = {
      box: { style: "cake", styleLabel: "Cake box", length: 250, width: 250, height: 120 },
    };
    expect(dielineLines([big], [], cake, defaultPrintCheckSettings).at(-1)).toEqual(
      fine("Dieline 300 × 200 mm (a cake box's flat size is not worked out here)"),
    );
  });

  test("a dieline layer drawn in the printing inks, and none at all for a box, are checks; none for a leaflet says nothing", () => {
    expect(dielineLines([page(1)], ["Die cut"], carton, defaultPrintCheckSettings)).toEqual([
      check(
        'Dieline layer "Die cut" drawn in the printing inks, not a separation of its own: its lines will print unless they are put on a spot colour set to overprint',
      ),
    ]);
    expect(dielineLines([page(1)], [], carton, defaultPrintCheckSettings)).toEqual([
      check(
        "No dieline: no separation or layer named Dieline, Die, CutContour, Cut, Crease; ask for the die's lines on a spot colour of their own",
      ),
    ]);
    expect(
      dielineLines([page(1)], [], { size: { width: 210, height: 297, label: "A4" } }, defaultPrintCheckSettings),
    ).toEqual([]);
  });

  test("the known layouts: tuck ends across four panels and a glue flap, along the height with two closures; a sleeve", () => {
    const box = { styleLabel: "", length: 60, width: 40, height: 100 };
    expect(flatLayout({ ...box, style: "tuckEnd" })).toEqual({
      across: { min: 212, max: 223, usual: 215 },
      along: { min: 200, max: 233, usual: 210 },
    });
    expect(flatLayout({ ...box, style: "monoCarton" })).toEqual(flatLayout({ ...box, style: "tuckEnd" }));
    expect(flatLayout({ ...box, style: "sleeve" })?.along).toEqual({ min: 99, max: 103, usual: 100 });
    expect(flatLayout({ ...box, style: "crashLock" })).toBeUndefined();
    expect(flatLayout({ ...box, style: "tuckEnd", width: Number.NaN })).toBeUndefined();
  });
});

describe("spot colours and ink", () => {
  test("spot colours are named; more than the colours asked for allow is a check", () => {
    const pages = [page(1, { spots: ["PANTONE 185 C"] }), page(2, { spots: ["PANTONE 185 C", "Gold"] })];
    expect(spotLines(pages, undefined)).toEqual([fine("2 spot colours (PANTONE 185 C, Gold) on pages 1 and 2")]);
    expect(spotLines(pages, carton)).toEqual([
      check(
        "2 spot colours (PANTONE 185 C, Gold) on pages 1 and 2: the printing colours asked for, 4 colours (CMYK), allow none",
      ),
    ]);
    const pantone: ArtworkRequest = { colours: { label: "CMYK + Pantone", spotInks: 1 } };
    expect(spotLines([pages[0] as PageInksFound], pantone)[0]?.mark).toBe("fine");
    expect(spotLines([page(1)], carton)).toEqual([]);
  });

  test("ink above the limit: the worst pages first, with their share and most", () => {
    expect(inkLines([page(1, { mostInk: 290 })], 300)).toEqual([fine("Ink at most 290 % (the limit is 300 %)")]);
    const pages = [
      page(1, { overLimit: 0.059, mostInk: 400 }),
      page(2, { overLimit: 0.0004, mostInk: 310 }),
      page(3, { overLimit: 0.2, mostInk: 320 }),
      page(4, { overLimit: 0.01, mostInk: 305 }),
      page(5, { overLimit: 0.01, mostInk: 305 }),
    ];
    expect(inkLines(pages, 300)).toEqual([
      check(
        "Ink above 300 %: 20 % of page 3 (up to 320 %), 5.9 % of page 1 (up to 400 %), 1 % of page 4 (up to 305 %), and 2 more pages; it may not dry and may set off",
      ),
    ]);
  });

  test("shares and pages as staff read them", () => {
    expect([share(0.0004), share(0.059), share(0.01), share(0.456)]).toEqual(["under 0.1 %", "5.9 %", "1 %", "46 %"]);
    expect([onPages([3]), onPages([2, 1, 2]), onPages([1, 2, 3, 4, 5, 6, 7, 8])]).toEqual([
      "page 3",
      "pages 1 and 2",
      "pages 1, 2, 3, 4, 5, 6 and 2 more pages",
    ]);
  });
});

describe("colours, overprint and text", () => {
  test("all clear on colour only when neither images nor vector art nor text are RGB", () => {
    expect(colourLines([page(1)], 0)).toEqual([
      fine("No RGB: images, vector art and text are in CMYK, greyscale or spot colours"),
    ]);
    expect(colourLines([page(1)], 2)).toEqual([fine("No RGB in vector art or text")]);
    expect(colourLines([page(1, { rgb: 0.008 }), page(2), page(3, { rgb: 0.2 })], 0)).toEqual([
      check("RGB in vector art or text on pages 1 and 3; most on page 3, 20 % of it: colours will shift in CMYK print"),
    ]);
  });

  test("white set to overprint is a problem", () => {
    expect(whiteOverprintLines([page(1)])).toEqual([fine("No white set to overprint")]);
    expect(whiteOverprintLines([page(1, { whiteOverprint: 0.008 })])).toEqual([
      problem("White set to overprint on page 1, 0.8 % of it: it vanishes in print; turn overprint off for it"),
    ]);
  });

  test("text near the cut: its first words and page, and the other pages", () => {
    expect(textLines([], 3)).toEqual([fine("No live text within 3 mm of the cut")]);
    expect(
      textLines(
        [
          { page: 2, words: "Offer ends Sunday", of: "trim" },
          { page: 5, words: "x", of: "trim" },
        ],
        3,
      ),
    ).toEqual([
      check(
        'Text within 3 mm of the trim on page 2: "Offer ends Sunday", and more on page 5; keep text 3 mm inside, or it may be cut',
      ),
    ]);
    expect(textLines([{ page: 1, words: "Net wt 250 g", of: "dieline" }], 2.5)[0]?.text).toBe(
      'Text within 2.5 mm of the dieline\'s cuts and folds on page 1: "Net wt 250 g"; keep text 2.5 mm inside, or it may be cut',
    );
  });
});

describe("barcodes", () => {
  test("each with its value; a wrong check digit or a size below 80 % is a problem", () => {
    expect(
      barcodeLines([
        { kind: "EAN-13", value: "4006381333931", page: 1, moduleMm: 0.33 },
        { kind: "EAN-13", value: "4006381333932", page: 2, moduleMm: 0.33 },
        { kind: "EAN-13", value: "5901234123457", page: 3, moduleMm: 0.231 },
        { kind: "EAN-13", value: "5901234123457", page: 3, moduleMm: 0.264 },
        { kind: "UPC-A", value: "036000291452", page: 4 },
        { kind: "QR code", value: "upi://pay?pa=print@bank", page: 4 },
      ]),
    ).toEqual([
      fine("EAN-13 4006381333931 on page 1: bars 31.4 mm wide (100 % of the standard size)"),
      problem("EAN-13 4006381333932 on page 2: its check digit should be 1, so no scanner will read it"),
      problem(
        "EAN-13 5901234123457 on page 3: bars 21.9 mm wide (70 % of the standard size), below the 80 % that scanners read reliably; print it larger",
      ),
      fine("EAN-13 5901234123457 on page 3: bars 25.1 mm wide (80 % of the standard size)"),
      fine("UPC-A 036000291452 on page 4"),
      fine('QR code on page 4: "upi://pay?pa=print@bank"'),
    ]);
  });
});
