import { describe, expect, test } from "vitest";
import { formWords } from "../forms.ts";
import { placeholdersOf } from "../message.ts";
import { hindiFormWords } from "./forms.ts";

/** Every message of an area by its path: its text, or what a wording function says with sample arguments. */
function messages(words: unknown, at = ""): [string, string][] {
  if (typeof words === "string") return [[at, words]];
  if (typeof words === "function") return [[at, String(words(...Array.from({ length: words.length }, () => "x")))]];
  if (typeof words !== "object" || words === null) return [];
  return Object.entries(words).flatMap(([key, value]) => messages(value, at ? `${at}.${key}` : key));
}

describe("the forms' words in Hindi", () => {
  // That every message is there is the catalogue's test (words.test.ts); this is what is filled into them.
  test("have the same placeholders as the English", () => {
    const hindi = new Map(messages(hindiFormWords));
    for (const [path, text] of messages(formWords)) {
      expect(placeholdersOf(hindi.get(path) ?? "").sort(), path).toEqual(placeholdersOf(text).sort());
    }
  });

  test("are in Devanagari, but for a name that is the same in both", () => {
    const latin = messages(hindiFormWords).filter(([, text]) => !/[\u0900-\u097F]/.test(text));
    expect(latin.map(([path]) => path)).toEqual(["quoteForm.rows.gstin"]);
  });
});
