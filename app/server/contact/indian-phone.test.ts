import { describe, expect, test } from "vitest";
import { internationalDigits, mailtoUrl, telUrl, whatsAppUrl } from "./indian-phone.ts";

describe("phone numbers as Indian visitors write them", () => {
  test.each([
    ["98765 43210", "919876543210"],
    ["9876543210", "919876543210"],
    ["098765-43210", "919876543210"],
    ["+91 98765 43210", "919876543210"],
    ["+91-98765-43210", "919876543210"],
    ["0091 98765 43210", "919876543210"],
    ["91 98765 43210", "919876543210"],
    ["(0172) 274 5678", "911722745678"],
    ["+44 20 7946 0958", "442079460958"],
    ["+1 (415) 555-0100", "14155550100"],
  ])("%s is %s", (written, digits) => {
    expect(internationalDigits(written)).toBe(digits);
  });

  test("too few or too many digits give no number", () => {
    expect(internationalDigits("12345")).toBeUndefined();
    expect(internationalDigits("+1234567890123456")).toBeUndefined();
  });

  test("call and WhatsApp links use the international number; a 10-digit mobile gets +91", () => {
    expect(telUrl("98765 43210")).toBe("tel:+919876543210");
    expect(whatsAppUrl("98765 43210")).toBe("https://wa.me/919876543210");
    expect(whatsAppUrl("+91 98765 43210")).toBe("https://wa.me/919876543210");
    expect(whatsAppUrl("123")).toBeUndefined();
  });

  test("a reply by e-mail carries the subject, and the address cannot start a query of its own", () => {
    expect(mailtoUrl("asha@example.in", "Re: Boxes & bags [ENQ-2026-000042]")).toBe(
      "mailto:asha@example.in?subject=Re%3A%20Boxes%20%26%20bags%20%5BENQ-2026-000042%5D",
    );
    expect(mailtoUrl("a?cc=x&b@example.in", "Hi")).toBe("mailto:a%3Fcc%3Dx%26b@example.in?subject=Hi");
  });
});
