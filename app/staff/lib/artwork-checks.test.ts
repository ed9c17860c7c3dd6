import { describe, expect, test } from "vitest";
import { type ArtworkCheck, type CheckOutcome, check, fine, problem } from "../../server/previews/report.ts";
import { inboxText } from "../content/inbox.ts";
import { staffPaths } from "../paths.ts";
import { attentionReply, type FileCheckView, fileCheckView, markLabel } from "./artwork-checks.ts";

const reference = "Q-2611-0042";
const pdfFile = { id: "3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6", name: "leaflet front.pdf" };
const zipFile = { id: "9b8a7c6d5e4f30211203f4e5d6c7b8a9", name: "artwork.zip" };

const done = (outcome: Partial<CheckOutcome>): ArtworkCheck => ({
  state: "done",
  outcome: { previews: 0, report: [], ms: 120, ...outcome },
});

const words = inboxText.files.attention;

/** The address, subject and body of a mailto: link, decoded as a mail program reads them. */
function mailOf(url: string): { to: string; params: URLSearchParams } {
  expect(url.startsWith("mailto:")).toBe(true);
  const [to = "", query = ""] = url.slice("mailto:".length).split("?");
  return { to, params: new URLSearchParams(query) };
}

describe("fileCheckView", () => {
  test("no check yet is nothing to show, and a pending one says so", () => {
    expect(fileCheckView(reference, pdfFile, undefined)).toBeUndefined();
    expect(fileCheckView(reference, pdfFile, { state: "pending" })).toEqual({ state: "pending" });
  });

  test("a checked file with a preview shows position 0, large and small, under the inquiry", () => {
    const report = [fine("1 page"), problem("No bleed")];
    expect(fileCheckView(reference, pdfFile, done({ previews: 1, report }))).toEqual({
      state: "done",
      preview: {
        large: staffPaths.preview(reference, pdfFile.id, 0, "large"),
        small: staffPaths.preview(reference, pdfFile.id, 0, "small"),
        alt: "First page of leaflet front.pdf",
      },
      report,
    });
    const view = fileCheckView(reference, pdfFile, done({ previews: 1, report }));
    if (view?.state !== "done") throw new Error("expected a done view");
    expect(view.preview?.large).toContain(
      `/${encodeURIComponent(reference)}/files/${pdfFile.id}/previews/0-large.webp`,
    );
  });

  test("a file without a preview says why, and keeps its report", () => {
    const report = [check("Fonts could not be read: check them in the file")];
    expect(
      fileCheckView(reference, pdfFile, done({ noPreview: "pdftoppm took too long and was stopped", report })),
    ).toEqual({
      state: "done",
      noPreview: "pdftoppm took too long and was stopped",
      report,
    });
  });

  test("a ZIP's files have their own preview positions, sizes and kinds", () => {
    const view = fileCheckView(
      reference,
      zipFile,
      done({
        previews: 2,
        report: [fine("3 files")],
        entries: [
          {
            name: "front.pdf",
            size: 2_500_000,
            kind: "PDF",
            findings: { previews: 1, preview: 1, report: [problem("No bleed")] },
          },
          { name: "notes.txt", size: 900 },
          {
            name: "back.svg",
            size: 40_960,
            kind: "SVG",
            findings: { previews: 0, noPreview: "the SVG imports a style sheet", report: [] },
          },
          {
            name: "photo.jpg",
            size: 15 * 1024 * 1024,
            kind: "JPEG",
            findings: {
              previews: 1,
              preview: 2,
              report: [fine("No RGB: images, vector art and text are in CMYK, greyscale or spot colours")],
            },
          },
        ],
      }),
    );
    if (view?.state !== "done") throw new Error("expected a done view");
    expect(view.preview?.small).toBe(staffPaths.preview(reference, zipFile.id, 0, "small"));
    expect(view.entries).toEqual([
      {
        name: "front.pdf",
        size: "2.4 MB",
        kind: "PDF",
        preview: {
          large: staffPaths.preview(reference, zipFile.id, 1, "large"),
          small: staffPaths.preview(reference, zipFile.id, 1, "small"),
          alt: "First page of front.pdf, in artwork.zip",
        },
        report: [problem("No bleed")],
      },
      { name: "notes.txt", size: "900 bytes", report: [] },
      { name: "back.svg", size: "40 KB", kind: "SVG", noPreview: "the SVG imports a style sheet", report: [] },
      {
        name: "photo.jpg",
        size: "15 MB",
        kind: "JPEG",
        preview: {
          large: staffPaths.preview(reference, zipFile.id, 2, "large"),
          small: staffPaths.preview(reference, zipFile.id, 2, "small"),
          alt: "First page of photo.jpg, in artwork.zip",
        },
        report: [fine("No RGB: images, vector art and text are in CMYK, greyscale or spot colours")],
      },
    ]);
  });

  test("a reference with characters an address cannot hold is encoded in the preview's address", () => {
    const view = fileCheckView("Q 1/2", pdfFile, done({ previews: 1 }));
    if (view?.state !== "done") throw new Error("expected a done view");
    expect(view.preview?.large).toContain("/Q%201%2F2/files/");
  });

  test("marks have the inbox's labels", () => {
    expect([markLabel("fine"), markLabel("check"), markLabel("problem")]).toEqual(["Fine", "Check", "Problem"]);
  });
});

describe("attentionReply", () => {
  const inquiry = { reference, name: "Asha Verma", email: "asha@example.in" };
  const view = (file: { id: string; name: string }, outcome: Partial<CheckOutcome>) =>
    fileCheckView(reference, file, done(outcome));

  test("no problem lines anywhere: no reply", () => {
    const files = [
      { name: "a.pdf", check: view(pdfFile, { previews: 1, report: [fine("1 page"), check("Bleed only 1.5 mm")] }) },
      { name: "b.pdf", check: { state: "pending" } as FileCheckView },
      { name: "c.pdf", check: undefined },
      { name: "d.pdf" },
    ];
    expect(attentionReply(inquiry, files)).toBeUndefined();
    expect(attentionReply(inquiry, [])).toBeUndefined();
  });

  test("a reply lists every problem, file by file and ZIP entry by entry, and nothing else", () => {
    const files = [
      {
        name: "leaflet front.pdf",
        check: view(pdfFile, {
          previews: 1,
          report: [
            fine("1 page"),
            problem("No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side"),
            check("1 image in RGB: colours will shift in CMYK print"),
            problem("1 font not embedded (Helvetica): ask for text in outlines or embedded fonts"),
          ],
        }),
      },
      { name: "waiting.pdf", check: { state: "pending" } as FileCheckView },
      { name: "fine.png", check: view(pdfFile, { previews: 1, report: [fine("300 ppi")] }) },
      {
        name: "artwork.zip",
        check: view(zipFile, {
          previews: 1,
          report: [fine("2 files")],
          entries: [
            {
              name: "back.pdf",
              size: 1000,
              findings: {
                previews: 1,
                preview: 1,
                report: [problem("1 image below 150 ppi (lowest 96 ppi, page 1): will print blurred"), fine("1 page")],
              },
            },
            { name: "logo.svg", size: 500, findings: { previews: 1, preview: 2, report: [fine("Vector drawing")] } },
          ],
        }),
      },
    ];
    const url = attentionReply(inquiry, files);
    if (!url) throw new Error("expected a reply");
    const { to, params } = mailOf(url);
    expect(to).toBe("asha@example.in");
    expect([...params.keys()]).toEqual(["subject", "body"]);
    expect(params.get("subject")).toBe(`Your files need attention [${reference}]`);
    expect(params.get("body")).toBe(
      [
        "Dear Asha Verma,",
        words.intro,
        [
          "leaflet front.pdf",
          "- No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side",
          "- 1 font not embedded (Helvetica): ask for text in outlines or embedded fonts",
        ].join("\n"),
        ["artwork.zip: back.pdf", "- 1 image below 150 ppi (lowest 96 ppi, page 1): will print blurred"].join("\n"),
        words.closing,
      ].join("\n\n"),
    );
    const body = params.get("body") ?? "";
    for (const quiet of ["1 page", "RGB", "300 ppi", "fine.png", "waiting.pdf", "logo.svg", "2 files"]) {
      expect(body).not.toContain(quiet);
    }
  });

  test("the print check's problems (white overprint, a barcode) go in; its fine lines and checks stay out", () => {
    const report = [
      fine('Dieline: the separation "Dieline", on page 1'),
      check("Ink above 300 %: 1.1 % of page 1 (up to 400 %); it may not dry and may set off"),
      problem("White set to overprint on page 1, 0.8 % of it: it vanishes in print; turn overprint off for it"),
      fine("EAN-13 4006381333931 on page 1: bars 31.4 mm wide (100 % of the standard size)"),
      problem("EAN-13 4006381333932 on page 2: its check digit should be 1, so no scanner will read it"),
      fine("No live text within 3 mm of the cut"),
    ];
    const body = mailOf(
      attentionReply(inquiry, [{ name: "carton.pdf", check: view(pdfFile, { report }) }]) ?? "",
    ).params.get("body");
    expect(body).toContain(
      [
        "carton.pdf",
        "- White set to overprint on page 1, 0.8 % of it: it vanishes in print; turn overprint off for it",
        "- EAN-13 4006381333932 on page 2: its check digit should be 1, so no scanner will read it",
      ].join("\n"),
    );
    for (const quiet of ["Dieline", "Ink above", "4006381333931", "No live text"]) expect(body).not.toContain(quiet);
  });

  test("a ZIP whose only problems are inside it is listed by its entries alone", () => {
    const url = attentionReply(inquiry, [
      {
        name: "artwork.zip",
        check: view(zipFile, {
          entries: [{ name: "a/b.pdf", size: 1, findings: { previews: 0, report: [problem("No bleed")] } }],
        }),
      },
    ]);
    const body = mailOf(url ?? "").params.get("body") ?? "";
    expect(body).toContain("artwork.zip: a/b.pdf\n- No bleed");
    expect(body).not.toMatch(/^artwork\.zip$/m);
  });

  // The address, name and reference are the buyer's own typing: none may add a field to the mail or end the address.
  test("what the buyer typed is encoded: it cannot add recipients, fields or lines to the link", () => {
    const url = attentionReply(
      {
        reference: "Q&A #1?",
        name: "Rao & Sons?cc=x@example.com",
        email: "rao+print@example.in?cc=boss@example.com&bcc=spy@example.com",
      },
      [{ name: "a&b=c.pdf", check: view(pdfFile, { report: [problem("No bleed & no trim box")] }) }],
    );
    if (!url) throw new Error("expected a reply");
    expect(url).not.toMatch(/\s/);
    expect(url.match(/\?/g)).toHaveLength(1);
    const { to, params } = mailOf(url);
    expect(decodeURIComponent(to)).toBe("rao+print@example.in?cc=boss@example.com&bcc=spy@example.com");
    expect(to).not.toContain("&");
    expect([...params.keys()]).toEqual(["subject", "body"]);
    expect(params.get("subject")).toBe(words.subject("Q&A #1?"));
    expect(params.get("body")).toContain("Dear Rao & Sons?cc=x@example.com,");
    expect(params.get("body")).toContain("a&b=c.pdf\n- No bleed & no trim box");
  });
});
