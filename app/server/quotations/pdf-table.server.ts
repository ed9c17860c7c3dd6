// Tables for the layout engine: a header in the house navy, rows striped,
// a row kept whole where it fits and the header repeated on each new page.
import {
  type Align,
  ascent,
  bottom,
  contentWidth,
  leading,
  left,
  navy,
  type Sheet,
  type Style,
  shade,
  white,
} from "./pdf-sheet.server.ts";

export type Column = { title: string; width: number; align: Align };

export const cellPadding = 4;
const tableText: Style = { size: 8.5 };
const tableHead: Style = { size: 8, weight: "bold", color: white };
const tableHeadHeight = leading(tableHead.size) + 2 * cellPadding;
const rowLine = leading(tableText.size);

function drawTableHead(sheet: Sheet, columns: readonly Column[]): void {
  sheet.box(left, sheet.y, contentWidth, tableHeadHeight, navy);
  let x = left;
  const baseline = sheet.y - cellPadding - ascent(tableHead.size);
  for (const column of columns) {
    const at = column.align === "right" ? x + column.width - cellPadding : x + cellPadding;
    sheet.text(column.title, at, baseline, tableHead, column.align);
    x += column.width;
  }
  sheet.y -= tableHeadHeight;
}

/**
 * One row. A row that does not fit below the last goes to
 * the next page whole; one taller than a page is split between its lines.
 */
function drawRow(sheet: Sheet, columns: readonly Column[], cells: readonly string[], shaded: boolean): void {
  let lines = columns.map((column, index) => sheet.wrap(cells[index] ?? "", column.width - 2 * cellPadding, tableText));
  const heightOf = (count: number) => count * rowLine + 2 * cellPadding;
  const whole = heightOf(Math.max(1, ...lines.map((cell) => cell.length)));
  if (whole > sheet.y - bottom && whole <= sheet.fullPage - tableHeadHeight) sheet.newPage();

  while (lines.some((cell) => cell.length > 0)) {
    const fits = Math.floor((sheet.y - bottom - 2 * cellPadding) / rowLine);
    if (fits < 1) {
      sheet.newPage();
      continue;
    }
    const part = lines.map((cell) => cell.slice(0, fits));
    lines = lines.map((cell) => cell.slice(fits));
    const height = heightOf(Math.max(1, ...part.map((cell) => cell.length)));
    if (shaded) sheet.box(left, sheet.y, contentWidth, height, shade);
    let x = left;
    for (const [index, column] of columns.entries()) {
      const at = column.align === "right" ? x + column.width - cellPadding : x + cellPadding;
      let baseline = sheet.y - cellPadding - ascent(tableText.size);
      for (const line of part[index] ?? []) {
        sheet.text(line, at, baseline, tableText, column.align);
        baseline -= rowLine;
      }
      x += column.width;
    }
    sheet.y -= height;
    sheet.rule(sheet.y);
    if (lines.some((cell) => cell.length > 0)) sheet.newPage();
  }
}

/** Rows under a header that comes again at the top of every page the table goes on to. */
export function drawTable(sheet: Sheet, columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  // The header is not left at the foot of a page without a row under it.
  sheet.ensure(tableHeadHeight + 2 * rowLine + 2 * cellPadding);
  drawTableHead(sheet, columns);
  sheet.carryOver = () => drawTableHead(sheet, columns);
  for (const [index, cells] of rows.entries()) drawRow(sheet, columns, cells, index % 2 === 1);
  sheet.carryOver = undefined;
}
