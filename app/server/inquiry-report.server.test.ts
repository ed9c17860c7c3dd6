import { describe, expect, test } from "vitest";
import { csvCell, formatIndiaTime, terminalSafe } from "./inquiry-report.server.ts";

describe("the staff listing", () => {
  test.each([
    ["=1+1", `"'=1+1"`],
    ["+91 98765 43210", `"'+91 98765 43210"`],
    ["-2", `"'-2"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\t=1", `"'\t=1"`],
    ["\r=1", `"'\r=1"`],
    ['Say "hi", then go', `"Say ""hi"", then go"`],
    ["line\nbreak", `"line\nbreak"`],
    ["Asha", `"Asha"`],
  ])("CSV cell %j is %s", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test("times are India time", () => {
    expect(formatIndiaTime("2026-12-31T18:45:00Z")).toBe("2027-01-01 00:15");
  });

  test("terminal control and direction characters are shown as codes", () => {
    expect(terminalSafe("a\u001b[31mb\u202ec")).toBe("a\\u{1b}[31mb\\u{202e}c");
    expect(terminalSafe("مريم 🌸")).toBe("مريم 🌸");
  });
});
