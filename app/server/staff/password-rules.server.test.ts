import { describe, expect, test } from "vitest";
import { isCommonPassword, passwordProblem } from "./password-rules.server.ts";

const account = { email: "asha.verma@example.com" };

describe("the rules for a new password", () => {
  test("at least 12 characters, counted as a person counts them", () => {
    expect(passwordProblem("eleven-char", account)).toMatch(/at least 12 characters/);
    expect(passwordProblem("twelve-chars", account)).toBeUndefined();
    // Eleven letters with accents are eleven characters, however they are encoded.
    expect(passwordProblem("éèêëēėęàáâä".normalize("NFD"), account)).toMatch(/at least 12 characters/);
  });

  test("at most 256 characters", () => {
    expect(passwordProblem("river stone ".repeat(22), account)).toMatch(/at most 256 characters/);
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
      expect(passwordProblem(weak, account), weak).toMatch(/common passwords/);
    }
  });

  test("long passwords of unrelated words pass", () => {
    for (const good of ["lantern-monsoon-ledger", "correct horse battery staple", "Tea at 4, rain in Pune"]) {
      expect(passwordProblem(good, account), good).toBeUndefined();
    }
  });

  test("not the e-mail address's name", () => {
    expect(passwordProblem("asha.verma-is-me-2024", account)).toMatch(/e-mail address/);
  });
});
