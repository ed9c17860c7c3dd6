import { describe, expect, test } from "vitest";
import { itemProblems } from "../../server/content/items.ts";
import { privacyDocument, privacySeed } from "./legal.ts";
import { companySeed, site } from "./site.ts";

const text = (days: number, mailTo = "sales@example.com") =>
  privacyDocument(privacySeed, { retentionDays: days, mailTo }, companySeed)
    .sections.flatMap((section) => [section.heading, section.body])
    .join("\n");

describe("the privacy notice", () => {
  test("states what the settings say: how long inquiries are kept and where they are mailed", () => {
    expect(text(730)).toContain("730 days after it arrived");
    expect(text(1)).toContain("1 day after it arrived");
    expect(text(730, "leads@example.in")).toContain("to our inbox (leads@example.in)");
  });

  test("says what is collected and why, that no cookies or other sites are used, the rights, and whom to write to", () => {
    const notice = text(730);
    for (const words of [
      "your name, e-mail address and phone number",
      "sets no cookies for visitors and loads nothing from other websites",
      "to correct or complete them",
      "to erase them",
      site.grievance.email,
      "Data Protection Board of India",
    ]) {
      expect(notice).toContain(words);
    }
  });

  test("carries a draft note until the owner marks it reviewed by a lawyer", () => {
    const settings = { retentionDays: 730, mailTo: "x@example.com" };
    expect(privacyDocument(privacySeed, settings, companySeed).draftNote).toMatch(/reviewed by the company’s lawyer/);
    expect(privacyDocument({ ...privacySeed, reviewed: true }, settings, companySeed).draftNote).toBeUndefined();
  });

  test("leaves no placeholder unfilled, and its seed passes the item's checks", () => {
    expect(text(730)).not.toMatch(/\{[a-z-]+\}/);
    const facts = { isPage: () => true, isPhoto: () => false };
    expect(itemProblems("privacy", privacySeed, facts)).toEqual([]);
    expect(
      itemProblems("privacy", { ...privacySeed, sections: [{ heading: "x", body: "Kept {forever}." }] }, facts),
    ).toEqual(["privacy: sections.0.body: placeholder"]);
  });
});
