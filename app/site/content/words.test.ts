import { describe, expect, test } from "vitest";
import { hindiWords } from "./hi/words.ts";
import { siteWords } from "./words.ts";

/**
 * What is missing or empty in a translation of the catalogue, by the message's
 * path: the same keys at every depth, every text non-empty, every list as
 * long, and every wording function saying something with sample arguments.
 */
function gaps(english: unknown, translated: unknown, at: string): string[] {
  if (typeof english === "function") {
    if (typeof translated !== "function") return [`${at}: not a function`];
    const samples = Array.from({ length: english.length }, (_, index) => String(index + 7));
    const said = (translated as (...args: string[]) => unknown)(...samples);
    return typeof said === "string" && said.trim() !== "" ? [] : [`${at}(): says nothing`];
  }
  if (typeof english === "string") {
    return typeof translated === "string" && translated.trim() !== "" ? [] : [`${at}: empty`];
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(translated) || translated.length !== english.length) return [`${at}: not as many`];
    return english.flatMap((entry, index) => gaps(entry, translated[index], join(at, String(index))));
  }
  if (typeof english === "object" && english !== null) {
    if (typeof translated !== "object" || translated === null) return [`${at}: missing`];
    const extra = Object.keys(translated).filter((key) => !Object.hasOwn(english, key));
    return [
      ...extra.map((key) => `${join(at, key)}: not in English`),
      ...Object.entries(english).flatMap(([key, value]) =>
        gaps(value, (translated as Record<string, unknown>)[key], join(at, key)),
      ),
    ];
  }
  return Object.is(english, translated) ? [] : [`${at}: differs`];
}

const join = (at: string, key: string) => (at ? `${at}.${key}` : key);

describe("the site's message catalogue", () => {
  test("has every English message in Hindi, at the same keys, none empty", () => {
    expect(gaps(siteWords, hindiWords, "")).toEqual([]);
  });

  test("the check can fail: a message left out, an empty one, a wording that says nothing", () => {
    const english = { a: "One", b: { c: "Two", d: (n: string) => `Three ${n}` }, e: ["x", "y"] };
    expect(gaps(english, { a: "एक", b: { c: " ", d: () => "" }, e: ["क"], f: "" }, "")).toEqual([
      "f: not in English",
      "b.c: empty",
      "b.d(): says nothing",
      "e: not as many",
    ]);
    expect(gaps(english, { b: { c: "दो", d: (n: string) => `तीन ${n}` }, e: ["क", "ख"] }, "")).toEqual(["a: empty"]);
  });
});
