import type { ImageInfo } from "./image-tool.ts";
import { check, fine, MM_PER_INCH, mm, PRINT_PPI, plural, problem, type ReportLine, resolutionMark } from "./report.ts";
import type { RequestedSize } from "./requested-size.ts";

// What the checks read from a tool's output and a file's own comments, and the report lines they write.

/** The first page of cdr2xhtml's XHTML, as a standalone SVG. */
export function firstSvg(xhtml: string): string | undefined {
  // Found by position, not a pattern, to take the same time however the page is written.
  const start = xhtml.search(/<svg:svg[\s>]/);
  const close = "</svg:svg>";
  const end = start < 0 ? -1 : xhtml.indexOf(close, start);
  if (end < 0) return undefined;
  const found = xhtml.slice(start, end + close.length);
  const plain = found.replace(/<(\/?)svg:/g, "<$1");
  return plain.replace(/^<svg\b/, '<svg xmlns="http://www.w3.org/2000/svg"');
}

/** An EPS lists the fonts it needs and does not carry in its DSC comments. */
export function epsFontLines(head: string): ReportLine[] {
  const needed = new Set<string>();
  let inNeeded = false;
  for (const line of head.split(/\r\n|\r|\n/)) {
    const start =
      line.match(/^%%Document(?:Needed)?Resources:\s*(.*)$/) ?? line.match(/^%%DocumentNeededFonts:\s*(.*)$/);
    const isNeeded = /^%%DocumentNeeded/.test(line);
    const more = line.match(/^%%\+\s*(.*)$/);
    const words = start ? start[1] : inNeeded && more ? more[1] : undefined;
    if (start) inNeeded = isNeeded;
    else if (!more) inNeeded = false;
    if (words === undefined || !inNeeded) continue;
    const fonts = /^%%DocumentNeededFonts/.test(line)
      ? words.split(/\s+/)
      : (words.match(/font\s+(.+)/)?.[1] ?? "").split(/\s+/);
    for (const font of fonts) if (font && font !== "(atend)") needed.add(font);
  }
  if (needed.size === 0) return [fine("No fonts needed from outside the file")];
  return [
    problem(
      `${plural(needed.size, "font")} not included (${[...needed].slice(0, 5).join(", ")}): ask for text in outlines`,
    ),
  ];
}

/** A picture's size, resolution at print size, and colours. */
export function pictureLines(info: ImageInfo, requested: RequestedSize | undefined): ReportLine[] {
  const at300 = (pixels: number) => mm((pixels / PRINT_PPI) * MM_PER_INCH);
  const lines: ReportLine[] = [
    fine(
      `${info.width} × ${info.height} pixels: at ${PRINT_PPI} ppi it prints ${at300(info.width)} × ${at300(info.height)} mm`,
    ),
  ];
  if (requested) {
    // Turned to match the picture's orientation.
    const [long, short] = [Math.max(requested.width, requested.height), Math.min(requested.width, requested.height)];
    const landscape = info.width >= info.height;
    const [width, height] = landscape ? [long, short] : [short, long];
    const ppi = Math.round(Math.min(info.width / (width / MM_PER_INCH), info.height / (height / MM_PER_INCH)));
    lines.push({ mark: resolutionMark(ppi), text: `At the ${requested.label} asked for: ${ppi} ppi${ppiAdvice(ppi)}` });
  } else if (info.ppi) {
    const ppi = Math.round(info.ppi);
    const size = `${mm((info.width / ppi) * MM_PER_INCH)} × ${mm((info.height / ppi) * MM_PER_INCH)} mm`;
    lines.push({ mark: resolutionMark(ppi), text: `Saved at ${ppi} ppi, for ${size}${ppiAdvice(ppi)}` });
  } else {
    lines.push(check("No print size is stored in the file: check the size it is meant for"));
  }
  if (/^(srgb|rgb|rgb16|scrgb)$/.test(info.space)) lines.push(check("RGB colours: they will shift in CMYK print"));
  else if (info.space === "cmyk") lines.push(fine("CMYK colours"));
  else if (/^(b-w|grey16|grayscale)$/.test(info.space)) lines.push(fine("Greyscale"));
  return lines;
}

function ppiAdvice(ppi: number): string {
  const mark = resolutionMark(ppi);
  return mark === "problem" ? ": will print blurred" : mark === "check" ? ": may print soft" : "";
}
