import { expect, test } from "vitest";
import { safeFileName } from "./file-name.ts";

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
