import { HtmlValidate, type Message } from "html-validate";
import { hindiPages, sitePages, statusPages } from "../support/site-pages.ts";
import { expect, test } from "./fixtures.ts";

/**
 * "standard" holds the rules the HTML specification itself makes (content
 * models, required attributes, duplicate ids, valid references), without
 * matters of taste such as quoting or self-closing void tags, which React
 * writes its own way. "document" adds what a whole document needs (doctype,
 * labelled inputs, ordered headings, references that resolve).
 */
const validator = new HtmlValidate({
  extends: ["html-validate:standard", "html-validate:document"],
  rules: {
    // Subresource integrity guards files fetched from someone else's server.
    // Every script and stylesheet here comes from the site's own origin under a
    // content-hashed name, so there is nothing for it to protect against.
    "require-sri": "off",
  },
});

function listMessages(messages: Message[]): string {
  return messages
    .map(
      (message) =>
        `  ${message.line}:${message.column} ${message.ruleId}: ${message.message} [${message.selector ?? ""}]`,
    )
    .join("\n");
}

const pages = [...[...sitePages, ...hindiPages].map((entry) => ({ ...entry, status: 200 })), ...statusPages];

// Every page as the server sends it, error pages included: the prerendered files
// and the server-rendered 404 and 500 pages come from different code paths.
// One test for all of them, each page checked softly, so one run lists every error.
test("every page the server sends is valid HTML", async ({ request }) => {
  for (const { path, status } of pages) {
    const response = await request.get(path);
    expect.soft(response.status(), `status of ${path}`).toBe(status);
    const report = await validator.validateString(await response.text(), path);
    const messages = report.results.flatMap((result) => result.messages);
    expect
      .soft(
        messages.map((message) => message.ruleId),
        `HTML errors in ${path}:\n${listMessages(messages)}`,
      )
      .toEqual([]);
  }
});
