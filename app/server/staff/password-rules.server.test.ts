import { describe, expect, test } from "vitest";
import { passwordWords } from "../../../tests/support/area-words.ts";
import { describePasswordProblem } from "./password-limits.ts";
import { isCommonPassword, passwordProblem } from "./password-rules.server.ts";

const account = { email: "asha.verma@example.com" };

describe("the rules for a new password", () => {
  test("at least 12 characters, counted as a person counts them", () => {
    expect(passwordProblem("eleven-char", account)).toBe("tooShort");
    expect(passwordProblem("twelve-chars", account)).toBeUndefined();
    // Eleven letters with accents are eleven characters, however they are encoded.
    expect(passwordProblem("éèêëēėęàáâä".normalize("NFD"), account)).toBe("tooShort");
  });

  test("at most 256 characters", () => {
    expect(passwordProblem("river stone ".repeat(22), account)).toBe("tooLong");
  });

  test("no common password, nor one with digits or signs added, nor a short run repeated", () => {
    for (const weak of [
      "password1234",
      "Password12345",
      "iloveyou2024!",
      "qwertyuiop12",
      "123456789012",
      "1q2w3e4r5t6y",
      "!!sunshine2025",
      "aaaaaaaaaaaa",
      "abcabcabcabc",
      "passwordpassword",
      "monkey!monkey!monkey!",
    ]) {
      expect(isCommonPassword(weak), weak).toBe(true);
      expect(passwordProblem(weak, account), weak).toBe("common");
    }
  });

  test("long passwords of unrelated words pass", () => {
    for (const good of ["lantern-monsoon-ledger", "correct horse battery staple", "Tea at 4, rain in Pune"]) {
      expect(passwordProblem(good, account), good).toBeUndefined();
    }
  });

  test("not the e-mail address's name", () => {
    expect(passwordProblem("asha.verma-is-me-2024", account)).toBe("containsEmail");
  });
});

describe("a password problem in words", () => {
  test("names the limit it breaks", () => {
    expect(describePasswordProblem("tooShort", passwordWords)).toMatch(/at least 12 characters/);
    expect(describePasswordProblem("tooLong", passwordWords)).toMatch(/at most 256 characters/);
    expect(describePasswordProblem("common", passwordWords)).toMatch(/common passwords/);
  });
});
