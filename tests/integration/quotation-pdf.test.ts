import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fontkit from "@pdf-lib/fontkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  companyNow,
  type QuotationContent,
  type QuotationDocument,
  type QuotationLine,
  totalsOf,
} from "../../app/server/quotations/document.ts";
import { gstinProblem, localTaxName } from "../../app/server/quotations/gstin.ts";
import { amountInWords, formatQuantity, formatRupees } from "../../app/server/quotations/money.ts";
import { parseLogo } from "../../app/server/quotations/pdf-assets.server.ts";
import { placeOfSupply } from "../../app/server/quotations/place-of-supply.ts";
import { renderQuotationPdf } from "../../app/server/quotations/quotation-pdf.server.ts";
import { woffToSfnt } from "../../app/server/quotations/woff.server.ts";
import { serviceContent } from "../../app/service-content.server.ts";
import { billing } from "../../app/site/content/billing.ts";

// The PDF is read back with Poppler, as a buyer's viewer or a search index
// would read it, not with the library that wrote it.

const runFile = promisify(execFile);

async function poppler(command: string, args: string[]): Promise<string> {
  const { stdout } = await runFile(command, args, { timeout: 15_000, maxBuffer: 16 << 20 });
  return stdout;
}

let dir: string;
let saved = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "quotation-pdf-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function save(bytes: Uint8Array): Promise<string> {
  saved += 1;
  const file = path.join(dir, `quotation-${saved}.pdf`);
  await writeFile(file, bytes);
  return file;
}

/** The text laid out as on the page, one page or all. */
const layoutText = (file: string, page?: number) =>
  poppler("pdftotext", [
    "-layout",
    "-enc",
    "UTF-8",
    ...(page ? ["-f", String(page), "-l", String(page)] : []),
    file,
    "-",
  ]);

/** The text in reading order with all white space as single spaces, for a phrase wrapped over lines. */
const flowingText = async (file: string) =>
  (await poppler("pdftotext", ["-enc", "UTF-8", file, "-"])).replace(/\s+/g, " ");

const pageCount = async (file: string) => Number(/^Pages:\s+(\d+)/m.exec(await poppler("pdfinfo", [file]))?.[1]);

/** The line of `text` that holds `label`, which must be there exactly once. */
function lineWith(text: string, label: string): string {
  const lines = text.split("\n").filter((line) => line.includes(label));
  expect(lines, `one line with ${label}`).toHaveLength(1);
  return lines[0] ?? "";
}

/** A GSTIN of the given state, its check character worked out by the site's own check. */
function gstinFor(first14: string): string {
  const found = [..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    .map((check) => first14 + check)
    .find((gstin) => gstinProblem(gstin) === undefined);
  if (!found) throw new Error(`No check character makes ${first14} a GSTIN`);
  return found;
}

const intraStateGstin = gstinFor(`${billing.stateCode}AABCR1234M1Z`);
const interStateGstin = "27AAPFU0939F1ZV";

const threeLines: QuotationLine[] = [
  {
    description: "Mono cartons, 350 gsm FBB",
    hsn: "4819",
    quantityMilli: 5_000_000,
    unit: "pcs",
    unitPricePaise: 1_850,
    gstRate: 18,
  },
  {
    description: "Product leaflets A5",
    hsn: "4911",
    quantityMilli: 10_000_000,
    unit: "pcs",
    unitPricePaise: 125,
    gstRate: 18,
  },
  {
    description: "Corrugated shipper boxes",
    hsn: "4820",
    quantityMilli: 1_250_500,
    unit: "kg",
    unitPricePaise: 6_400,
    gstRate: 5,
  },
];

function quotation(options: { buyerGstin?: string; draft?: boolean; lines?: QuotationLine[] } = {}): QuotationDocument {
  const buyerGstin = options.buyerGstin ?? intraStateGstin;
  const supply = placeOfSupply({ buyerGstin, companyStateCode: billing.stateCode });
  if (!supply) throw new Error(`No place of supply for ${buyerGstin}`);
  const content: QuotationContent = {
    lines: options.lines ?? threeLines,
    discount: { percent: 5 },
    packingPaise: 1_500_00,
    freightPaise: 3_250_50,
    validUntil: "2026-06-08",
    leadTime: billing.defaults.leadTime,
    paymentTerms: billing.defaults.paymentTerms,
    deliveryTerms: billing.defaults.deliveryTerms,
    notes: "Artwork as print-ready PDF.\nकिरण जी से पुष्टि के बाद छपाई होगी।",
    buyer: {
      name: "मीना राव",
      company: "Rao Sweets & Bakers",
      gstin: buyerGstin,
      email: "meena@example.in",
      phone: "+91 98140 12345",
      pinCode: "160017",
    },
    placeOfSupply: supply,
  };
  return {
    ...content,
    number: options.draft ? undefined : "QT/2026-27/0042",
    date: "2026-05-24",
    reference: "INQ-7K3F-Q2",
    company: companyNow(serviceContent),
    totals: totalsOf(content, serviceContent.billing.gstRates),
  };
}

/** What every quotation shows of its lines and charges, whatever the supply. */
function expectLinesAndCharges(text: string, doc: QuotationDocument) {
  for (const [index, line] of doc.lines.entries()) {
    const row = lineWith(text, line.description);
    expect(row).toMatch(new RegExp(`^\\s*${index + 1}\\s`));
    expect(row).toContain(line.hsn);
    expect(row).toContain(`${formatQuantity(line.quantityMilli)} ${line.unit}`);
    expect(row).toContain(formatRupees(line.unitPricePaise));
    // Poppler's layout may close the narrow space in a right-aligned "5 %".
    expect(row).toMatch(new RegExp(`\\s${line.gstRate} ?%\\s`));
    expect(row.trimEnd().endsWith(formatRupees(doc.totals.lines[index]?.amount ?? Number.NaN))).toBe(true);
  }
  const { totals } = doc;
  expect(lineWith(text, "Goods total").trimEnd().endsWith(formatRupees(totals.goods))).toBe(true);
  // Shown as taken off, with a true minus sign.
  expect(lineWith(text, "Discount (5 %)").trimEnd().endsWith(formatRupees(-totals.discount))).toBe(true);
  expect(lineWith(text, "Packing ").trimEnd().endsWith(formatRupees(totals.packing))).toBe(true);
  expect(lineWith(text, "Freight ").trimEnd().endsWith(formatRupees(totals.freight))).toBe(true);
  expect(lineWith(text, "Taxable value").trimEnd().endsWith(formatRupees(totals.taxable))).toBe(true);
  expect(totals.roundOff).not.toBe(0);
  expect(lineWith(text, "Round off").trimEnd().endsWith(formatRupees(totals.roundOff))).toBe(true);
  expect(lineWith(text, "Total  ").trimEnd().endsWith(formatRupees(totals.total))).toBe(true);
}

describe("an intra-state quotation", () => {
  const doc = quotation();
  let file: string;
  let text: string;

  beforeAll(async () => {
    file = await save(await renderQuotationPdf(doc));
    text = await layoutText(file);
  });

  test("is made out for a buyer in the company's own state", () => {
    expect(doc.placeOfSupply.supply).toBe("intra-state");
    expect(doc.totals.byRate.map((rate) => rate.rate)).toEqual([5, 18]);
  });

  test("names the company, its GSTIN, state and contacts", () => {
    const { company } = doc;
    expect(text).toContain(company.legalName);
    expect(text).toContain(`GSTIN ${company.gstin}`);
    expect(text).toContain(`${company.state} (code ${company.stateCode})`);
    expect(text).toContain(company.phone);
    expect(text).toContain(company.email);
  });

  test("has its number, dates and the inquiry it answers", () => {
    expect(text).toContain("Quotation");
    expect(text).toContain("QT/2026-27/0042");
    expect(text).toContain("24 May 2026");
    expect(text).toContain("8 Jun 2026");
    expect(text).toContain("INQ-7K3F-Q2");
    expect(text).not.toContain("DRAFT");
  });

  test("names the buyer in Devanagari, with company, GSTIN and contacts", () => {
    expect(text).toContain("मीना राव");
    expect(text).toContain("Rao Sweets & Bakers");
    expect(text).toContain(`GSTIN ${intraStateGstin}`);
    expect(text).toContain("meena@example.in");
    expect(text).toContain("PIN code 160017");
    expect(text).toContain(`Place of supply: ${doc.placeOfSupply.stateName} (${doc.placeOfSupply.stateCode})`);
    // CGST and UTGST in a union territory without a legislature, such as Chandigarh; else CGST and SGST.
    expect(text).toContain(`Intra-state supply: CGST + ${localTaxName(billing.stateCode)}`);
  });

  test("gives Devanagari back in the order it was typed, though the short i sign is drawn first", () => {
    expect(text).toContain("किरण जी से पुष्टि के बाद छपाई होगी।");
  });

  test("shows each line, the charges and the total", () => {
    expect(text).toContain("₹");
    expectLinesAndCharges(text, doc);
  });

  test("charges CGST and SGST (or UTGST) at half of each rate, on that rate's taxable value", () => {
    for (const rate of doc.totals.byRate) {
      const on = `${rate.rate / 2} % on ${formatRupees(rate.taxable)}`;
      expect(lineWith(text, `CGST ${on}`).trimEnd().endsWith(formatRupees(rate.cgst))).toBe(true);
      const local = `${localTaxName(billing.stateCode)} ${on}`;
      expect(lineWith(text, local).trimEnd().endsWith(formatRupees(rate.sgst))).toBe(true);
    }
    expect(text).not.toContain("IGST");
  });

  test("writes the total in words", async () => {
    expect(await flowingText(file)).toContain(`Amount in words: ${amountInWords(doc.totals.total)}`);
  });

  test("states the terms, the bank and the line to accept on", async () => {
    for (const value of [doc.leadTime, doc.paymentTerms, doc.deliveryTerms]) expect(text).toContain(value);
    const { bank, terms, legalName } = doc.company;
    for (const value of [bank.accountName, bank.bankName, bank.accountNumber, bank.ifsc]) expect(text).toContain(value);
    const flowing = await flowingText(file);
    for (const [index, term] of terms.entries()) expect(flowing).toContain(`${index + 1}. ${term}`);
    expect(text).toContain(`For ${legalName}`);
    expect(text).toContain("Authorised signatory");
  });

  test("has a footer with its number and page", () => {
    expect(text).toMatch(/Quotation QT\/2026-27\/0042 +· +24 May 2026 +Page 1 of 1/);
  });

  test("embeds every font it uses, as a subset with a map back to Unicode", async () => {
    const listing = (await poppler("pdffonts", [file])).trimEnd().split("\n");
    const rows = listing.slice(listing.findIndex((line) => line.startsWith("---")) + 1).map((row) => row.split(/\s+/));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      // name, type (two words), encoding, then emb, sub, uni, object and generation.
      expect(row.slice(-5, -2), row.join(" ")).toEqual(["yes", "yes", "yes"]);
    }
    expect(rows.map((row) => row[0]?.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual([
      "NotoSans-Bold",
      "NotoSans-Regular",
      "NotoSansDevanagari-Bold",
      "NotoSansDevanagari-Regular",
    ]);
  });

  test("is an A4 page with the quotation's metadata, dated as the quotation is", async () => {
    const info = await poppler("pdfinfo", ["-isodates", file]);
    expect(info).toMatch(/^Page size:\s+595\.2\d x 841\.8\d pts \(A4\)$/m);
    expect(info).toMatch(/^Title:\s+Quotation QT\/2026-27\/0042$/m);
    expect(info).toMatch(new RegExp(`^Author:\\s+${doc.company.legalName.replace(/[.&]/g, "\\$&")}$`, "m"));
    expect(info).toMatch(/^CreationDate:\s+2026-05-23T18:30:00Z$/m);
    expect(info).toMatch(/^ModDate:\s+2026-05-23T18:30:00Z$/m);
  });
});

describe("an inter-state quotation", () => {
  const doc = quotation({ buyerGstin: interStateGstin });
  let text: string;

  beforeAll(async () => {
    text = await layoutText(await save(await renderQuotationPdf(doc)));
  });

  test("charges IGST at the full rate on each rate's taxable value, and no CGST or SGST", () => {
    expect(doc.placeOfSupply.supply).toBe("inter-state");
    expect(doc.totals.byRate).toHaveLength(2);
    for (const rate of doc.totals.byRate) {
      const row = lineWith(text, `IGST ${rate.rate} % on ${formatRupees(rate.taxable)}`);
      expect(row.trimEnd().endsWith(formatRupees(rate.igst))).toBe(true);
    }
    expect(text).not.toContain("CGST");
    expect(text).not.toContain("SGST");
  });

  test("names the place of supply and the kind of supply", () => {
    expect(text).toContain("Place of supply: Maharashtra (27)");
    expect(text).toContain("Inter-state supply: IGST");
    expect(text).toContain(`GSTIN ${interStateGstin}`);
  });

  test("shows each line, the charges and the total", () => {
    expectLinesAndCharges(text, doc);
  });
});

/** Page 1 as grey levels, small: enough to see a watermark, not the text. */
async function greyPixels(file: string): Promise<{ width: number; height: number; pixels: Buffer }> {
  const prefix = path.join(dir, `grey-${path.basename(file, ".pdf")}`);
  await poppler("pdftoppm", ["-gray", "-r", "30", "-f", "1", "-l", "1", "-singlefile", file, prefix]);
  const image = await readFile(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.toString("latin1", 0, 40));
  if (!header) throw new Error("pdftoppm wrote no greymap");
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: image.subarray(header[0].length) };
}

describe("a draft", () => {
  test("says DRAFT where the number goes and has no number", async () => {
    const file = await save(await renderQuotationPdf(quotation({ draft: true })));
    const text = await layoutText(file);
    expect(text).toContain("DRAFT — not sent");
    expect(text).not.toContain("QT/");
    expect(text).toContain("Draft quotation (not sent)");
    expect(await poppler("pdfinfo", [file])).toMatch(/^Title:\s+Draft quotation \(not sent\)$/m);
  });

  test("has a pale DRAFT across the middle of the page, which a sent quotation has not", async () => {
    // Poppler leaves diagonal text out of what it extracts, so the watermark is looked for in the picture.
    const draft = await greyPixels(await save(await renderQuotationPdf(quotation({ draft: true }))));
    const sent = await greyPixels(await save(await renderQuotationPdf(quotation())));
    expect([draft.width, draft.height]).toEqual([sent.width, sent.height]);
    let darker = 0;
    let muchDarker = 0;
    for (let y = Math.floor(draft.height * 0.3); y < draft.height * 0.7; y += 1) {
      for (let x = Math.floor(draft.width * 0.25); x < draft.width * 0.75; x += 1) {
        const difference = (sent.pixels[y * sent.width + x] ?? 0) - (draft.pixels[y * draft.width + x] ?? 0);
        if (difference > 4) darker += 1;
        if (difference > 60) muchDarker += 1;
      }
    }
    expect(darker).toBeGreaterThan(300);
    // Pale: it tints what is under it and hides nothing.
    expect(muchDarker).toBe(0);
  });
});

describe("a long quotation", () => {
  const lines: QuotationLine[] = Array.from({ length: 60 }, (_, index) => ({
    description:
      index % 9 === 4
        ? `Item ${index + 1}: rigid box with a long description, board, wrap, print, foil and the insert all spelt out`
        : `Item ${index + 1}: printed carton`,
    hsn: index % 2 === 0 ? "4819" : "4911",
    quantityMilli: (index + 1) * 1_000_000,
    unit: "pcs",
    unitPricePaise: 1_200 + index,
    gstRate: index % 3 === 0 ? 5 : 18,
  }));
  const doc = quotation({ lines });
  let file: string;
  let pages: number;

  beforeAll(async () => {
    file = await save(await renderQuotationPdf(doc));
    pages = await pageCount(file);
  });

  test("runs over pages, each with its footer", async () => {
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page += 1) {
      expect(await layoutText(file, page)).toContain(`Page ${page} of ${pages}`);
    }
  });

  test("repeats the table's header on each page the table goes on to", async () => {
    const headerPages: number[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const text = await layoutText(file, page);
      if (/#\s+Description\s+HSN\s+Quantity\s+Rate\s+GST\s+Amount/.test(text)) headerPages.push(page);
    }
    const lastRowPage = await (async () => {
      for (let page = pages; page >= 1; page -= 1) if ((await layoutText(file, page)).includes("Item 60:")) return page;
      return 0;
    })();
    expect(lastRowPage).toBeGreaterThan(1);
    expect(headerPages).toEqual(Array.from({ length: lastRowPage }, (_, index) => index + 1));
    expect(await layoutText(file, 2)).toContain("Quotation QT/2026-27/0042, continued");
  });

  test("shows every line once", async () => {
    const text = await layoutText(file);
    for (let item = 1; item <= 60; item += 1) expect(text.match(new RegExp(`Item ${item}:`, "g"))).toHaveLength(1);
  });

  test("keeps everything above the footer", async () => {
    // Word boxes are in points from the top of the page. The margin is 16 mm; the footer's
    // rule sits 14 pt above it, and the content stops 26 pt above it.
    const html = await poppler("pdftotext", ["-bbox", file, "-"]);
    const pageHeight = 841.89;
    const footerRule = pageHeight - ((16 * 72) / 25.4 + 14);
    const contentBottom = pageHeight - ((16 * 72) / 25.4 + 26);
    let words = 0;
    for (const [, yMin, yMax] of html.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">/g)) {
      words += 1;
      if (Number(yMin) >= footerRule) continue;
      expect(Number(yMax)).toBeLessThanOrEqual(contentBottom + 1);
    }
    expect(words).toBeGreaterThan(500);
  });
});

describe("the same quotation", () => {
  test("gives the same bytes each time it is printed", async () => {
    const first = await renderQuotationPdf(quotation());
    const second = await renderQuotationPdf(quotation());
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    // The same quotation read back from storage may list its fields in another order.
    const reordered = Object.fromEntries(Object.entries(quotation()).reverse()) as QuotationDocument;
    expect(Buffer.from(await renderQuotationPdf(reordered)).equals(Buffer.from(first))).toBe(true);
    const draft = await renderQuotationPdf(quotation({ draft: true }));
    expect(Buffer.from(draft).equals(Buffer.from(first))).toBe(false);
  });
});

describe("a name with letters Latin lacks", () => {
  test("prints them from Latin Extended, and copies as typed", async () => {
    const doc = quotation();
    const file = await save(
      await renderQuotationPdf({ ...doc, buyer: { ...doc.buyer, company: "Śrī Kṛṣṇa Packaging" } }),
    );
    expect(await layoutText(file)).toContain("Śrī Kṛṣṇa Packaging");
    const fonts = await poppler("pdffonts", [file]);
    expect(fonts.match(/NotoSans-Regular/g)).toHaveLength(2);
  });
});

describe("the logo and fonts", () => {
  test("reads the favicon's paths and colours", async () => {
    const logo = parseLogo(await readFile(path.resolve(import.meta.dirname, "../../public/favicon.svg"), "utf8"));
    expect(logo.paths.length).toBeGreaterThan(0);
    for (const logoPath of logo.paths) expect(logoPath.d).toMatch(/^M/);
    expect(logo.size).toBeGreaterThan(0);
  });

  test("refuses a logo with nothing to draw", () => {
    expect(() => parseLogo('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"></svg>')).toThrow();
  });

  test("unpacks a WOFF font to the TrueType font it wraps", async () => {
    const require = createRequire(import.meta.url);
    const woff = await readFile(require.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff"));
    const unpacked = fontkit.create(Buffer.from(woffToSfnt(woff)));
    const original = fontkit.create(woff);
    expect(unpacked.numGlyphs).toBe(original.numGlyphs);
    expect(unpacked.postscriptName).toBe(original.postscriptName);
    expect(unpacked.characterSet).toEqual(original.characterSet);
    expect(unpacked.layout("Quotation").advanceWidth).toBe(original.layout("Quotation").advanceWidth);
    expect(() => woffToSfnt(new Uint8Array(100))).toThrow("Not a WOFF font");
  });
});
