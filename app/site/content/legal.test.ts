import { describe, expect, test } from "vitest";
import { privacyNotice, privacyNoticeReviewed } from "./legal.ts";
import { site } from "./site.ts";

const text = (days: number, mailTo = "sales@example.com") =>
  privacyNotice({ retentionDays: days, mailTo })
    .sections.flatMap((section) => [section.heading, section.body, section.list ?? []].flat())
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

  test("carries a draft note until a lawyer has reviewed it", () => {
    expect(Boolean(privacyNotice({ retentionDays: 730, mailTo: "x@example.com" }).draftNote)).toBe(
      !privacyNoticeReviewed,
    );
  });
});
