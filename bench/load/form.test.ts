import { expect, test } from "vitest";
import { contactFormBody } from "./form.ts";

test("each form post is a different, complete form with the same token and an empty hidden field", () => {
  const first = new URLSearchParams(contactFormBody("the-token", 1));
  const second = new URLSearchParams(contactFormBody("the-token", 2));
  expect([...first.keys()].sort()).toEqual(
    ["email", "form_token", "message", "msg_subject", "name", "phone_number", "website"].sort(),
  );
  expect(first.get("form_token")).toBe("the-token");
  expect(first.get("website")).toBe("");
  expect(first.get("message")).not.toBe(second.get("message"));
});
