import { describe, expect, test } from "vitest";
import { readAdvancePercent, readAdvanceReceived } from "./advance-form.ts";
import { proformaNumber } from "./numbering.ts";
import { advanceOf, isPaymentReference, upiAmount, upiPaymentLink } from "./proforma.ts";
import { qrCodeOf, qrSvgPath } from "./qr-code.ts";

describe("the advance", () => {
  test.each([
    [99_545_00, 50, 49_772_50],
    [1_00, 50, 50],
    // Half a paisa rounds up, as every amount of a quotation does.
    [1_01, 50, 51],
    [33_33, 30, 10_00],
    [1_23_457_00, 100, 1_23_457_00],
  ])("%i paise at %i %% is %i paise", (total, percent, advance) => {
    expect(advanceOf(total, percent)).toBe(advance);
  });

  test.each([0, 101, 12.5, -5])("a share of %s %% is refused", (percent) => {
    expect(() => advanceOf(10_000, percent)).toThrow(RangeError);
  });

  test("staff type a whole percent from 1 to 100, with or without the sign", () => {
    expect(readAdvancePercent("50")).toBe(50);
    expect(readAdvancePercent(" 30 % ")).toBe(30);
    expect(readAdvancePercent("100")).toBe(100);
    for (const typed of ["0", "101", "12.5", "", "fifty", "-5", undefined])
      expect(readAdvancePercent(typed)).toBeUndefined();
  });
});

describe("the UPI payment link", () => {
  test("names the payee, the amount in rupees to the paisa, the currency and the proforma, each encoded", () => {
    const link = upiPaymentLink({
      upiId: "print.pack@okaxis",
      payee: "Example Print & Pack Pvt. Ltd.",
      amountPaise: 49_772_50,
      note: "Advance PI/2026-27/0001",
    });
    expect(link).toBe(
      "upi://pay?pa=print.pack%40okaxis&pn=Example%20Print%20%26%20Pack%20Pvt.%20Ltd.&am=49772.50&cu=INR&tn=Advance%20PI%2F2026-27%2F0001",
    );
    const read = new URL(link);
    expect(read.searchParams.get("pn")).toBe("Example Print & Pack Pvt. Ltd.");
    expect(read.searchParams.get("am")).toBe("49772.50");
  });

  test.each([
    [5, "0.05"],
    [100, "1.00"],
    [1_23_456_78, "123456.78"],
  ])("%i paise is written %s", (paise, written) => {
    expect(upiAmount(paise)).toBe(written);
  });

  test("its QR code is square, drawn in runs that stay inside it", () => {
    const code = qrCodeOf("upi://pay?pa=a%40b&am=1.00");
    expect(code.size).toBeGreaterThanOrEqual(21);
    expect(code.runs.length).toBeGreaterThan(0);
    for (const [x, y, length] of code.runs) {
      expect(x + length).toBeLessThanOrEqual(code.size);
      expect(y).toBeLessThan(code.size);
    }
    // The finder pattern's top row: seven dark modules from the corner.
    expect(code.runs[0]).toEqual([0, 0, 7]);
    expect(qrSvgPath(code)).toMatch(/^M0 0h7v1h-7z/);
  });
});

describe("proforma numbers", () => {
  test("have their own series, per financial year", () => {
    expect(proformaNumber("2026-27", 1)).toBe("PI/2026-27/0001");
    expect(proformaNumber("2027-28", 12_345)).toBe("PI/2027-28/12345");
    expect(() => proformaNumber("2026-28", 1)).toThrow(RangeError);
  });
});

describe("the advance received", () => {
  const bounds = { today: "2026-11-27", earliest: "2026-11-20" };

  test("is read with its day, amount and bank reference", () => {
    expect(
      readAdvanceReceived({ receivedOn: "2026-11-26", amount: "₹ 49,772.50", reference: "UTR 1234/5" }, bounds),
    ).toEqual({ received: { on: "2026-11-26", paise: 49_772_50, reference: "UTR 1234/5" } });
    expect(readAdvanceReceived({ receivedOn: "2026-11-20", amount: "100", reference: "" }, bounds)).toEqual({
      received: { on: "2026-11-20", paise: 100_00, reference: "" },
    });
  });

  test("names every problem at once", () => {
    expect(readAdvanceReceived({ receivedOn: "2026-11-28", amount: "0", reference: "<script>" }, bounds)).toEqual({
      problems: { receivedOn: "future", amount: "amount", reference: "reference" },
    });
    expect(readAdvanceReceived({ receivedOn: "2026-11-19", amount: "-5" }, bounds)).toEqual({
      problems: { receivedOn: "before", amount: "amount" },
    });
    expect(readAdvanceReceived({ receivedOn: "2026-02-30", amount: "1" }, bounds)).toEqual({
      problems: { receivedOn: "day" },
    });
    expect(readAdvanceReceived({}, bounds)).toEqual({ problems: { receivedOn: "day", amount: "amount" } });
  });

  test("takes a bank's reference, not markup or a long text", () => {
    expect(isPaymentReference("HDFCR52026112612345")).toBe(true);
    expect(isPaymentReference("CHQ 004512")).toBe(true);
    expect(isPaymentReference("a".repeat(41))).toBe(false);
    expect(isPaymentReference("<b>")).toBe(false);
    expect(isPaymentReference(" leading")).toBe(false);
  });
});
