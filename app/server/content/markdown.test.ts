import { describe, expect, test } from "vitest";
import { markdownBlocks, markdownPlainText, markdownProblems } from "./markdown.ts";

const pages = new Set(["/", "/services", "/services/cake"]);
const isPage = (path: string) => pages.has(path);

describe("the Markdown of long texts", () => {
  test("reads paragraphs, lists, links, bold and italics into blocks", () => {
    expect(markdownBlocks("First **bold** and *soft*.\n\n- one\n- [two](/services/cake)")).toEqual([
      {
        type: "paragraph",
        children: [
          { type: "text", value: "First " },
          { type: "strong", children: [{ type: "text", value: "bold" }] },
          { type: "text", value: " and " },
          { type: "emphasis", children: [{ type: "text", value: "soft" }] },
          { type: "text", value: "." },
        ],
      },
      {
        type: "list",
        ordered: false,
        items: [
          [{ type: "text", value: "one" }],
          [{ type: "link", href: "/services/cake", children: [{ type: "text", value: "two" }] }],
        ],
      },
    ]);
  });

  test("keeps HTML as the characters typed, inline or as a block", () => {
    const typed = '<script>alert("x")</script>';
    expect(markdownBlocks(typed)).toEqual([{ type: "paragraph", children: [{ type: "text", value: typed }] }]);
    expect(markdownBlocks(`Hello <b onclick="x()">there</b>`).flatMap((block) => JSON.stringify(block))).toEqual([
      expect.stringContaining('<b onclick=\\"x()\\">'),
    ]);
    expect(markdownProblems(typed, isPage)).toEqual([]);
  });

  test("refuses what the pages do not show: headings, pictures, code", () => {
    expect(markdownProblems("# Title", isPage)).toEqual(["markdown-heading"]);
    expect(markdownProblems("![a box](/box.jpg)", isPage)).toEqual(["markdown-image"]);
    expect(markdownProblems("Run `code`", isPage)).toEqual(["markdown-code"]);
    expect(markdownProblems("> quoted", isPage)).toEqual(["markdown-other"]);
  });

  test("takes links to the site's own pages, https, mail and phone, and nothing else", () => {
    for (const href of [
      "/services/cake",
      "/services#top",
      "https://example.com/a",
      "mailto:a@example.com",
      "tel:+919876543210",
    ]) {
      expect(markdownProblems(`[x](${href})`, isPage), href).toEqual([]);
    }
    for (const href of [
      "/services/no-such",
      "http://example.com",
      "javascript:alert(1)",
      "//evil.example",
      "services",
    ]) {
      expect(markdownProblems(`[x](${href})`, isPage), href).toEqual(["link"]);
    }
  });

  test("gives the plain words for a description", () => {
    expect(markdownPlainText("A **box**.\n\n- one\n- two")).toBe("A box. one two");
  });
});
