import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { issueFormToken, submissionKey, verifyFormToken } from "./form-token.server.ts";

const secret = randomBytes(32);

describe("form tokens", () => {
  test("a token this server issued reads back with its time", () => {
    const token = issueFormToken(secret, 1_760_000_000_000);
    expect(verifyFormToken(token, secret)).toEqual({ issuedAt: 1_760_000_000_000, nonce: expect.any(String) });
  });

  test("each token is different", () => {
    expect(issueFormToken(secret, 1)).not.toBe(issueFormToken(secret, 1));
  });

  test("a changed time, another secret or rubbish does not verify", () => {
    const token = issueFormToken(secret, 1_760_000_000_000);
    const [, nonce, signature] = token.split(".");
    expect(verifyFormToken(`${(1_700_000_000_000).toString(36)}.${nonce}.${signature}`, secret)).toBeUndefined();
    expect(verifyFormToken(token, randomBytes(32))).toBeUndefined();
    for (const rubbish of ["", "abc", `${token}x`, token.replace(/.$/, ""), "a.b.c"]) {
      expect(verifyFormToken(rubbish, secret)).toBeUndefined();
    }
  });

  test("a token expires after its maximum age, and one from the future is not trusted", () => {
    const issued = 1_760_000_000_000;
    const token = issueFormToken(secret, issued);
    const day = 24 * 3_600_000;
    expect(verifyFormToken(token, secret, { maxAgeMs: day, now: issued + day })).toBeDefined();
    expect(verifyFormToken(token, secret, { maxAgeMs: day, now: issued + day + 1 })).toBeUndefined();
    expect(verifyFormToken(token, secret, { maxAgeMs: day, now: issued - 10 * 60_000 })).toBeUndefined();
  });

  test("the submission key is the same for the same form and content, different otherwise", () => {
    const fields = { name: "Asha", message: "Hello" };
    expect(submissionKey("n1", fields)).toBe(submissionKey("n1", { message: "Hello", name: "Asha" }));
    expect(submissionKey("n1", fields)).not.toBe(submissionKey("n2", fields));
    expect(submissionKey("n1", fields)).not.toBe(submissionKey("n1", { ...fields, message: "Hello!" }));
  });
});
