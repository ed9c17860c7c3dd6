import { describe, expect, test } from "vitest";
import { plainMessage } from "../../server/forms/plain-text.ts";
import { answerLimits, readBuyerAnswer } from "./quotation-answer.ts";

describe("a buyer's answer to a quotation", () => {
  test("an acceptance with a name and the tick, the purchase order optional, trimmed", () => {
    expect(readBuyerAnswer({ intent: "accept", name: "  Asha Verma ", agree: "yes" })).toEqual({
      answer: { intent: "accept", name: "Asha Verma", purchaseOrder: "", option: 0 },
    });
    expect(readBuyerAnswer({ intent: "accept", name: "Asha", purchase_order: " PO/1 ", agree: "yes" })).toEqual({
      answer: { intent: "accept", name: "Asha", purchaseOrder: "PO/1", option: 0 },
    });
  });

  test("of a quotation of several options, the buyer accepts one of them, and is asked which when none is chosen", () => {
    const accept = { intent: "accept", name: "Asha", agree: "yes" };
    expect(readBuyerAnswer({ ...accept, option: "1" }, 2)).toMatchObject({ answer: { option: 1 } });
    for (const option of [undefined, "", "2", "-1", "1.0", "01"]) {
      expect(readBuyerAnswer({ ...accept, option }, 2), String(option)).toEqual({
        errors: { option: "Please choose the option you order." },
      });
    }
    // A quotation of one option needs no choice, and a posted one changes nothing.
    expect(readBuyerAnswer({ ...accept, option: "1" })).toMatchObject({ answer: { option: 0 } });
  });

  test("an acceptance without a name or the tick says so beside each", () => {
    expect(readBuyerAnswer({ intent: "accept", name: "   " })).toEqual({
      errors: { name: "Please type your name.", agree: "Please tick the box to accept." },
    });
  });

  test("a name or purchase order over the limit is refused at its own field, one under it taken", () => {
    const long = "x".repeat(answerLimits.name + 1);
    expect(readBuyerAnswer({ intent: "accept", name: long, agree: "yes" })).toEqual({
      errors: { name: `At most ${answerLimits.name} characters.` },
    });
    expect(readBuyerAnswer({ intent: "accept", name: "Asha", purchase_order: long, agree: "yes" })).toEqual({
      errors: { purchase_order: `At most ${answerLimits.name} characters.` },
    });
    expect(readBuyerAnswer({ intent: "accept", name: long.slice(1), agree: "yes" })).toHaveProperty("answer");
  });

  test("a request for changes needs a message, within its limit", () => {
    expect(readBuyerAnswer({ intent: "changes", message: " Please quote 5,000 too. " })).toEqual({
      answer: { intent: "changes", message: "Please quote 5,000 too." },
    });
    expect(readBuyerAnswer({ intent: "changes", message: "" })).toEqual({
      errors: { message: "Please say what should change." },
    });
    expect(readBuyerAnswer({ intent: "changes", message: "x".repeat(answerLimits.message + 1) })).toEqual({
      errors: { message: `At most ${answerLimits.message} characters.` },
    });
  });

  test("a name or purchase order with a line break, a control or a direction override is refused beside its field", () => {
    const oneLine = "Please write this on one line, in letters, figures and punctuation only.";
    for (const forged of [
      "Racer 0\u202eEVIL",
      "Asha\r\nBcc: x@evil.example",
      "Asha\nVerma",
      "Asha\u0000",
      "A\u2066B\u2069",
    ]) {
      expect(readBuyerAnswer({ intent: "accept", name: forged, agree: "yes" }), JSON.stringify(forged)).toEqual({
        errors: { name: oneLine },
      });
      expect(readBuyerAnswer({ intent: "accept", name: "Asha", purchase_order: forged, agree: "yes" })).toEqual({
        errors: { purchase_order: oneLine },
      });
    }
    // Letters of any script are welcome, right-to-left ones too.
    expect(readBuyerAnswer({ intent: "accept", name: "आशा वर्मा", agree: "yes" })).toHaveProperty("answer");
    expect(readBuyerAnswer({ intent: "accept", name: "سارة", agree: "yes" })).toHaveProperty("answer");
  });

  test("a request for changes keeps its lines, as \\n, and loses carriage returns, controls and direction overrides", () => {
    expect(
      readBuyerAnswer({
        intent: "changes",
        message: "5,000 boxes\r\nBcc: x@evil.example\r\n\u202eEVIL\u202c\u0007\tplease",
      }),
    ).toEqual({ answer: { intent: "changes", message: "5,000 boxes\nBcc: x@evil.example\nEVIL please" } });
    expect(plainMessage("one\rtwo\u2028three")).toBe("one\ntwo\nthree");
  });

  test("a post that is neither is not an answer", () => {
    expect(readBuyerAnswer({ intent: "delete" })).toBeUndefined();
    expect(readBuyerAnswer({})).toBeUndefined();
  });
});
