import { describe, expect, test } from "vitest";
import { message, placeholdersOf } from "./message.ts";

describe("a message's placeholders", () => {
  test("are filled in by name, numbers with Indian grouping and Latin digits", () => {
    expect(message("{named} में अधिकतम {limit} अक्षर; अभी {has}", { named: "संदेश", limit: 5000, has: 123456 })).toBe(
      "संदेश में अधिकतम 5,000 अक्षर; अभी 1,23,456",
    );
  });

  test("one without a value stays as it is, to be seen", () => {
    expect(message("Delivers to {state}.", {})).toBe("Delivers to {state}.");
  });

  test("are listed in order", () => {
    expect(placeholdersOf("{min} to {max} digits")).toEqual(["min", "max"]);
  });
});
