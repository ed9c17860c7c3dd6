import { describe, expect, test } from "vitest";
import { quoteFormContent as content } from "../../../tests/support/area-words.ts";
import { validateQuote } from "../contact/quote-spec.ts";
import { check, fine } from "./report.ts";
import { artworkRequest, requestedSize as sizeIn, sizeLine } from "./requested-size.ts";

// The specification is kept in the words the form asked it, so the labels
// here are the form's own: a label changed there must not silently end the check.
const text = content.words;
const requestedSize = (specification: readonly (readonly [string, string])[]) => sizeIn(specification, text);

describe("requestedSize", () => {
  test("a paper size gives its millimetres and its name", () => {
    expect(requestedSize([[text.size, "A4"]])).toEqual({ width: 210, height: 297, label: "A4 (210 × 297 mm)" });
    expect(requestedSize([[text.size, "DL"]])).toEqual({ width: 99, height: 210, label: "DL (99 × 210 mm)" });
    expect(requestedSize([[text.size, "A1"]])).toEqual({ width: 594, height: 841, label: "A1 (594 × 841 mm)" });
  });

  test("a custom size is taken in millimetres", () => {
    expect(
      requestedSize([
        [text.size, text.customSize],
        [text.customWidth, "90"],
        [text.customHeight, "55.5"],
      ]),
    ).toEqual({ width: 90, height: 55.5, label: "90 × 55.5 mm" });
  });

  test("a custom size counts only when Custom size is chosen; figures left over beside a paper size do not", () => {
    const custom: [string, string][] = [
      [text.customWidth, "200"],
      [text.customHeight, "280"],
    ];
    expect(requestedSize([[text.size, text.customSize], ...custom])).toMatchObject({ width: 200, height: 280 });
    expect(requestedSize([[text.size, "A4"], ...custom])).toMatchObject({ width: 210, height: 297 });
  });

  test("half a custom size is no size: the paper size stands, or nothing", () => {
    expect(
      requestedSize([
        [text.size, "A5"],
        [text.customWidth, "200"],
      ]),
    ).toMatchObject({ width: 148, height: 210 });
    expect(
      requestedSize([
        [text.size, text.customSize],
        [text.customHeight, "200"],
      ]),
    ).toBeUndefined();
  });

  test("a large-format size in feet becomes millimetres, and keeps its feet in the label", () => {
    expect(
      requestedSize([
        [text.material, "Frontlit flex"],
        [text.widthFeet, "3"],
        [text.heightFeet, "6"],
      ]),
    ).toEqual({ width: expect.closeTo(914.4, 6), height: expect.closeTo(1828.8, 6), label: "3 × 6 ft" });
    const halfFeet = requestedSize([
      [text.widthFeet, "2.5"],
      [text.heightFeet, "1"],
    ]);
    expect(halfFeet?.width).toBeCloseTo(762, 6);
    expect(halfFeet?.label).toBe("2.5 × 1 ft");
  });

  // A box's inner size is not its flat artwork's: the dieline unfolds it.
  test("a box request gives no size", () => {
    expect(
      requestedSize([
        [text.style, "Cake box with window"],
        [text.length, "250"],
        [text.width, "250"],
        [text.height, "120"],
      ]),
    ).toBeUndefined();
  });

  test("a size the list does not know, an empty answer or none at all gives no size", () => {
    expect(requestedSize([[text.size, "B4"]])).toBeUndefined();
    expect(requestedSize([[text.size, ""]])).toBeUndefined();
    expect(requestedSize([])).toBeUndefined();
    expect(
      requestedSize([
        [text.widthFeet, "0"],
        [text.heightFeet, "4"],
      ]),
    ).toBeUndefined();
  });

  test("reads the specification as the quote form stores it", () => {
    const person = {
      name: "Asha Verma",
      email: "asha@example.in",
      phone_number: "+91 98765 43210",
      quantity_1: "500",
      needed_by: "2026-12-20",
      pin_code: "400001",
    };
    const now = new Date("2026-11-25T06:00:00Z");
    const leaflet = validateQuote(
      "leaflet",
      { ...person, size: "dl", paper: "art-paper-gloss", colours: "4-colours-cmyk" },
      content,
      now,
    );
    const standee = validateQuote(
      "standee",
      { ...person, material: "sunboard-cut-out", width_ft: "3", height_ft: "6" },
      content,
      now,
    );
    const cake = validateQuote(
      "cake",
      {
        ...person,
        style: "cake",
        length_mm: "250",
        width_mm: "250",
        height_mm: "120",
        board: "duplex-board",
        colours: "4-colours-cmyk",
      },
      content,
      now,
    );
    if (!leaflet.success || !standee.success || !cake.success) throw new Error("the sample requests should be valid");
    expect(requestedSize(leaflet.output.specification)?.label).toBe("DL (99 × 210 mm)");
    expect(requestedSize(standee.output.specification)?.label).toBe("3 × 6 ft");
    expect(requestedSize(cake.output.specification)).toBeUndefined();
  });
});

describe("sizeLine", () => {
  const a4 = { width: 210, height: 297, label: "A4 (210 × 297 mm)" };

  test("without a request the size is only said", () => {
    expect(sizeLine({ width: 100, height: 150.04 }, "trim box", undefined)).toEqual([
      fine("Trim size 100 × 150 mm (trim box)"),
    ]);
  });

  test("a size within a millimetre of the request, either way up, matches", () => {
    expect(sizeLine({ width: 210.4, height: 297 }, "drawing size", a4)).toEqual([
      fine("Trim size 210.4 × 297 mm (drawing size): matches the A4 (210 × 297 mm) asked for"),
    ]);
    expect(sizeLine({ width: 297, height: 211 }, "bounding box", a4)[0]?.mark).toBe("fine");
    expect(sizeLine({ width: 209, height: 296 }, "trim box", a4)[0]?.mark).toBe("fine");
  });

  test("a size further off is to be checked, naming what was asked for", () => {
    expect(sizeLine({ width: 148, height: 210 }, "page size; no trim box", a4)).toEqual([
      check("Trim size 148 × 210 mm (page size; no trim box): the request asks for A4 (210 × 297 mm)"),
    ]);
    expect(sizeLine({ width: 211.2, height: 297 }, "trim box", a4)[0]?.mark).toBe("check");
  });

  // Turning the drawing round is fine; a square-ish drawing with one side right is not.
  test("one side right and the other wrong is no match", () => {
    expect(sizeLine({ width: 210, height: 210 }, "trim box", a4)[0]?.mark).toBe("check");
  });

  test("a request in feet is matched in millimetres", () => {
    const flex = requestedSize([
      [text.widthFeet, "3"],
      [text.heightFeet, "6"],
    ]);
    expect(sizeLine({ width: 1828.5, height: 914.7 }, "drawing size", flex)).toEqual([
      fine("Trim size 1828.5 × 914.7 mm (drawing size): matches the 3 × 6 ft asked for"),
    ]);
  });
});

describe("artworkRequest", () => {
  const request = (specification: [string, string][]) => artworkRequest(specification, content);

  test("a box: its style by id, its inner size, and the spot inks its colours allow", () => {
    expect(
      request([
        [text.style, content.boxStyles.tuckEnd ?? ""],
        [text.length, "60"],
        [text.width, "40"],
        [text.height, "100"],
        [text.colours, "4 colours (CMYK)"],
      ]),
    ).toEqual({
      box: { style: "tuckEnd", styleLabel: "Reverse tuck end", length: 60, width: 40, height: 100 },
      colours: { label: "4 colours (CMYK)", spotInks: 0 },
    });
  });

  test("each colour choice allows its spot inks: one to three colours may all be spots, CMYK none, CMYK + Pantone one", () => {
    const allowed = content.printColours.map((choice) => request([[text.colours, choice.label]]).colours?.spotInks);
    expect(allowed).toEqual([0, 1, 2, 3, 0, 1]);
  });

  test("a leaflet: its size and no box; an answer the check does not know is left out", () => {
    expect(request([[text.size, "A4"]])).toEqual({ size: { width: 210, height: 297, label: "A4 (210 × 297 mm)" } });
    expect(request([[text.colours, "Gold foil only"]])).toEqual({});
    expect(request([[text.style, "A box of our own"]]).box).toMatchObject({ style: "A box of our own" });
  });

  // A quote request the form really takes keeps what the check reads.
  test("a validated quote request for a carton reads back as asked", () => {
    const carton = content.services.find((service) => content.specs[service.slug]?.group === "box");
    if (!carton) throw new Error("the catalog has a box");
    const spec = content.specs[carton.slug];
    if (spec?.group !== "box") throw new Error("a box's specification");
    const style = spec.styles[0] ?? "";
    const result = validateQuote(
      carton.slug,
      {
        style,
        length_mm: "60",
        width_mm: "40",
        height_mm: "100",
        board: content.boxBoards[0]?.value ?? "",
        colours: "cmyk-pantone",
        quantity_1: "1000",
        needed_by: "2099-01-01",
        pin_code: "560001",
        name: "Asha Verma",
        phone_number: "+91 98765 43210",
        email: "asha@example.in",
        ...(spec.handle ? { handle: text.handles[0]?.value ?? "" } : {}),
      },
      content,
    );
    if (!result.success) throw new Error(JSON.stringify(result.errors));
    expect(artworkRequest(result.output.specification, content)).toEqual({
      box: { style, styleLabel: content.boxStyles[style], length: 60, width: 40, height: 100 },
      colours: { label: "CMYK + Pantone", spotInks: 1 },
    });
  });
});
