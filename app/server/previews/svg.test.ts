import { describe, expect, test } from "vitest";
import { svgRefusal, svgSizeMm } from "./svg.ts";

const svg = (inner: string, attributes = 'width="100mm" height="150mm" viewBox="0 0 100 150"') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>\n${inner}\n</svg>\n`;

const outside = "the SVG refers to files or addresses outside itself";

/** A one-pixel PNG, as editors embed pictures. */
const pngData =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** What cdr2xhtml prints for a one-page 100 × 150 mm drawing: XHTML with the page as an svg:svg element. */
const cdr2xhtmlOutput = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
  '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:svg="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">',
  "<body>",
  '<?import namespace="svg" urn="http://www.w3.org/2000/svg"?>',
  "<!-- ",
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
  '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
  " -->",
  '<svg:svg version="1.1" xmlns:svg="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="3.9370in" height="5.9055in" viewBox="0 0 283.4646 425.1969" >',
  '<svg:rect x="0.0000" y="0.0000" width="283.4646" height="425.1969" style=""/>',
  "</svg:svg>",
  "",
  "</body>",
  "</html>",
  "",
].join("\n");

describe("svgRefusal", () => {
  test("a self-contained drawing is accepted: ids, gradients by #id, embedded data", () => {
    const text = svg(
      [
        '<defs><linearGradient id="sky"><stop offset="0" stop-color="#fff"/></linearGradient>',
        '<symbol id="mark"><circle r="5"/></symbol></defs>',
        '<rect width="100" height="150" fill="url(#sky)" style="stroke: url( \'#sky\' )"/>',
        '<use xlink:href="#mark" x="10"/><use href="#mark" x="20"/>',
        `<image width="10" height="10" href="${pngData}"/>`,
        `<image width="10" height="10" xlink:href = ' ${pngData.replace("data:", "DATA:")}'/>`,
        '<style>.a { fill: url("#sky"); background: url(data:image/png;base64,AAAA) }</style>',
      ].join("\n"),
    );
    expect(svgRefusal(text)).toBeUndefined();
  });

  // Namespace declarations and a standard DOCTYPE name addresses, but nothing is fetched from them.
  test("an editor's namespaces and the W3C public DOCTYPE are not references", () => {
    const text = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
      '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"',
      '  xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="210mm" height="297mm">',
      '<sodipodi:namedview id="base" inkscape:zoom="0.35"/>',
      '<rect width="210" height="297" fill="#eee"/>',
      "</svg>",
    ].join("\n");
    expect(svgRefusal(text)).toBeUndefined();
  });

  test.each([
    ["a file on the server by file: address", '<image href="file:///etc/passwd" width="1" height="1"/>'],
    ["a file on the server by path", '<image href="/etc/hostname" width="1" height="1"/>'],
    ["a file beside the SVG", '<image xlink:href="logo.png" width="1" height="1"/>'],
    ["a web address in href", '<image href="https://example.com/logo.png" width="1" height="1"/>'],
    ["a web address in xlink:href", '<use xlink:href="http://example.com/sprite.svg#icon"/>'],
    [
      "a web address in src",
      '<foreignObject><img xmlns="http://www.w3.org/1999/xhtml" src="http://example.com/a.png"/></foreignObject>',
    ],
    ["a web address in a CSS url()", '<rect width="1" height="1" style="fill: url(http://example.com/p.svg#g)"/>'],
    ["a quoted url() in a style sheet", "<style>rect { filter: url('filters.svg#blur') }</style>"],
    ["a reference with a #fragment after a file", '<use href="other.svg#shape"/>'],
    ["single quotes and spaces around =", "<image width='1' height='1' href = 'https://example.com/a.png'/>"],
    ["an upper-case attribute name", '<image width="1" height="1" HREF="https://example.com/a.png"/>'],
    ["a second reference after a good one", '<use href="#ok"/><use href="#ok"/><image href="logo.png"/>'],
    ["a value broken over lines", '<image width="1" height="1" href="\nfile:///etc/passwd"/>'],
  ])("refuses %s", (_, inner) => {
    expect(svgRefusal(svg(inner))).toBe(outside);
  });

  test("refuses a style sheet import, whatever it imports", () => {
    expect(svgRefusal(svg('<style>@import url("https://example.com/a.css");</style>'))).toBe(
      "the SVG imports a style sheet",
    );
    expect(svgRefusal(svg('<style>@IMPORT "#not-even-a-file";</style>'))).toBe("the SVG imports a style sheet");
  });

  test("refuses entity declarations, the way an XML file multiplies itself", () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE svg [ <!ENTITY lol "lol"> <!entity lol2 "&lol;&lol;&lol;"> ]>',
      '<svg xmlns="http://www.w3.org/2000/svg"><text>&lol2;</text></svg>',
    ].join("\n");
    expect(svgRefusal(laughs)).toBe("the SVG declares XML entities");
  });

  test("refuses a DOCTYPE that names an outside definition by SYSTEM", () => {
    expect(svgRefusal('<!DOCTYPE svg SYSTEM "file:///etc/passwd">\n<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(
      "the SVG refers to an outside definition",
    );
    expect(svgRefusal('<!doctype svg system "http://example.com/svg.dtd"><svg/>')).toBe(
      "the SVG refers to an outside definition",
    );
  });

  // Both spellings below reach the renderer as a reference to a file beside
  // the SVG: librsvg (through sharp) loads side.css or other.svg for each of them.
  test.each([
    ["an @import spelled with a CSS escape", '<style>@\\69mport "side.css";</style>'],
    ["a url() spelled with a CSS escape", '<rect width="1" height="1" style="fill:\\75rl(other.svg#g)"/>'],
    ["a url() spelled with an XML character reference", '<rect width="1" height="1" fill="&#117;rl(other.svg#g)"/>'],
    ["an @import spelled with an XML character reference", '<style>&#64;import "side.css";</style>'],
    ["an @import split across CDATA sections", '<style><![CDATA[@imp]]><![CDATA[ort "side.css";]]></style>'],
  ])("refuses %s", (_, inner) => {
    expect(svgRefusal(svg(inner))).toBeDefined();
  });
});

describe("svgSizeMm", () => {
  test.each([
    ['width="100mm" height="150mm"', 100, 150],
    ['width="10cm" height="15cm"', 100, 150],
    ['width="2in" height="1in"', 50.8, 25.4],
    ['width="72pt" height="144pt"', 25.4, 50.8],
    ['width="6pc" height="12pc"', 25.4, 50.8],
    ['width="96px" height="192px"', 25.4, 50.8],
    // A length without a unit is in CSS pixels, 96 to the inch.
    ['width="960" height="480"', 254, 127],
    ['width="100 MM" height="150.5mm"', 100, 150.5],
    ["width='100mm' height = '150mm'", 100, 150],
  ])("reads %s", (attributes, width, height) => {
    const size = svgSizeMm(svg("", attributes));
    expect(size?.width).toBeCloseTo(width, 6);
    expect(size?.height).toBeCloseTo(height, 6);
  });

  test("reads the svg:svg root of cdr2xhtml's output, in inches to four places", () => {
    const size = svgSizeMm(cdr2xhtmlOutput);
    expect(size?.width).toBeCloseTo(100, 3);
    expect(size?.height).toBeCloseTo(150, 3);
  });

  test("takes the root's size, not a child's nor an attribute merely ending in width", () => {
    const text = svg(
      '<rect width="10mm" height="20mm"/><svg width="5mm" height="5mm"/>',
      'stroke-width="3mm" data-height="9mm" viewBox="0 0 100 150"',
    );
    expect(svgSizeMm(text)).toBeUndefined();
    expect(svgSizeMm(svg('<rect width="10mm" height="20mm"/>'))).toEqual({ width: 100, height: 150 });
  });

  test.each([
    ['width="100%" height="100%"'],
    ['width="100mm"'],
    ['viewBox="0 0 100 150"'],
    ['width="0mm" height="150mm"'],
    ['width="100em" height="150em"'],
    ['width="-100mm" height="150mm"'],
    ['width="" height="150mm"'],
  ])("states no size with %s", (attributes) => {
    expect(svgSizeMm(svg("", attributes))).toBeUndefined();
  });

  test("text without an svg element has no size", () => {
    expect(svgSizeMm('<html width="100mm" height="150mm"></html>')).toBeUndefined();
  });
});
