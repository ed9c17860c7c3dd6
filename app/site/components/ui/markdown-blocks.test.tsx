import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { markdownBlocks } from "../../../server/content/markdown.ts";
import { LanguageProvider } from "../../lib/language.tsx";
import { MarkdownBlocks } from "./markdown-blocks.tsx";

const text = "See [our services](/services), the [terms](/term) and [a map](https://maps.example.com/).";

const rendered = (language: "en" | "hi") =>
  renderToString(
    <LanguageProvider language={language} translated={["/services"]}>
      <MarkdownBlocks blocks={markdownBlocks(text)} />
    </LanguageProvider>,
  );

describe("a link in the company's text", () => {
  test("leads to the page in the page's language where it has a version in it, else to the English page", () => {
    const hindi = rendered("hi");
    expect(hindi).toContain('href="/hi/services"');
    expect(hindi).toContain('href="/term"');
    expect(hindi).toContain('href="https://maps.example.com/"');
    expect(rendered("en")).toContain('href="/services"');
  });
});
