import { expect, test } from "vitest";
import { nameForKind, safeFileName } from "./file-name.ts";

test("keeps an ordinary name as it was, in any script", () => {
  expect(safeFileName("Cake box – front.pdf")).toBe("Cake box – front.pdf");
  expect(safeFileName("मिठाई डिब्बा.cdr")).toBe("मिठाई डिब्बा.cdr");
});

test("takes only the last part of a path, whichever way its slashes lean", () => {
  expect(safeFileName("../../etc/passwd")).toBe("passwd");
  expect(safeFileName("C:\\Users\\asha\\Desktop\\label.ai")).toBe("label.ai");
  expect(safeFileName("/var/www/.htaccess")).toBe("htaccess");
});

test("drops control characters and the direction overrides that make 'evil‮fdp.exe' look like a PDF", () => {
  expect(safeFileName("evil\u202Efdp.exe")).toBe("evilfdp.exe");
  expect(safeFileName("a\u0000b\r\nc.pdf")).toBe("abc.pdf");
  expect(safeFileName("  many    spaces .pdf ")).toBe("many spaces .pdf");
});

test("never answers an empty name or a hidden file's", () => {
  expect(safeFileName("")).toBe("artwork");
  expect(safeFileName("...")).toBe("artwork");
  expect(safeFileName("\u202E")).toBe("artwork");
  expect(safeFileName(".env")).toBe("env");
});

test("shortens a long name to 120 characters and keeps its extension", () => {
  const name = safeFileName(`${"carton-".repeat(40)}.pdf`);
  expect(name).toHaveLength(120);
  expect(name.endsWith(".pdf")).toBe(true);
});

test("drops the invisible characters that make two names look alike", () => {
  expect(safeFileName("invoice\u061Cexe.pdf")).toBe("invoiceexe.pdf");
  expect(safeFileName("pay\u200Bment\u200C\u200D\u2060\uFEFF.pdf")).toBe("payment.pdf");
  expect(safeFileName("line\u2028break\u2029.pdf")).toBe("linebreak.pdf");
});

test("a name ends with the extension of the kind its content is, whatever the buyer called it", () => {
  expect(nameForKind("Artwork final.hta", "pdf")).toBe("Artwork final.hta.pdf");
  expect(nameForKind("brief.html", "pdf")).toBe("brief.html.pdf");
  expect(nameForKind("files.exe", "zip")).toBe("files.exe.zip");
  expect(nameForKind("label", "png")).toBe("label.png");
  expect(nameForKind("Carton.PDF", "pdf")).toBe("Carton.PDF");
  expect(nameForKind("photo.jpeg", "jpeg")).toBe("photo.jpeg");
  expect(nameForKind("logo.pdf", "ai")).toBe("logo.pdf");
  expect(nameForKind("scan.tiff", "tiff")).toBe("scan.tiff");
  expect(nameForKind("box.svg.exe", "svg")).toBe("box.svg.exe.svg");
});
