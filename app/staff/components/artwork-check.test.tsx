import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { inboxText } from "../content/inbox.ts";
import type { FileCheckView } from "../lib/artwork-checks.ts";
import { FileCheck, FileThumbnail } from "./artwork-check.tsx";

const text = inboxText.files;

const done: FileCheckView = {
  state: "done",
  preview: {
    large: "/inbox/R/files/f/previews/0-large.webp",
    small: "/inbox/R/files/f/previews/0-small.webp",
    alt: "First page of box.pdf",
  },
  report: [
    { mark: "fine", text: "1 page" },
    { mark: "problem", text: "No bleed" },
  ],
};

describe("a file whose check is waiting", () => {
  test("says the preview is being prepared, in the list and in its section, and shows no image", () => {
    const pending: FileCheckView = { state: "pending" };
    for (const html of [
      renderToStaticMarkup(<FileThumbnail check={pending} />),
      renderToStaticMarkup(<FileCheck name="box.pdf" check={pending} headingId="c" />),
    ]) {
      expect(html).toContain(text.preparing);
      expect(html).not.toContain("<img");
    }
  });
});

describe("a checked file", () => {
  test("shows its preview with words for it, and each report line with its mark in words, not colour alone", () => {
    const html = renderToStaticMarkup(<FileCheck name="box.pdf" check={done} headingId="c" />);
    expect(html).toContain(`<img src="${done.state === "done" && done.preview?.large}" alt="First page of box.pdf"`);
    expect(html).toContain(`<strong class="artwork-report__mark">${text.marks.problem}:</strong> No bleed`);
    expect(html).toContain(`<strong class="artwork-report__mark">${text.marks.fine}:</strong> 1 page`);
    expect(html).not.toContain(text.preparing);
  });

  test("without a preview, says why", () => {
    const none: FileCheckView = { state: "done", noPreview: "the ZIP holds 101 files, more than 100", report: [] };
    expect(renderToStaticMarkup(<FileThumbnail check={none} />)).toContain(
      text.noPreview("the ZIP holds 101 files, more than 100"),
    );
  });
});
