import { describe, expect, test } from "vitest";
import { contactFieldProblems } from "../../../tests/support/area-words.ts";
import {
  type ContactFieldName,
  contactLimits,
  validateContact as validate,
  validateContactField as validateField,
} from "./contact-spec.ts";

const validateContact = (input: Parameters<typeof validate>[0]) => validate(input, contactFieldProblems);
const validateContactField = (field: ContactFieldName, value: unknown) =>
  validateField(field, value, contactFieldProblems);

const good = {
  name: "Asha Verma",
  email: "asha@example.in",
  phone_number: "+91 98765 43210",
  msg_subject: "Quote for Packaging Box",
  message: "We need 2,000 boxes.",
};

describe("the contact form's rules", () => {
  test("a complete form passes, trimmed", () => {
    const result = validateContact({ ...good, name: "  Asha Verma ", message: "\n Hello \n" });
    expect(result).toEqual({ success: true, output: { ...good, name: "Asha Verma", message: "Hello" } });
  });

  test("every field is required, and blanks count as missing", () => {
    const result = validateContact({ name: " ", email: "", msg_subject: "\t" });
    expect(result).toEqual({
      success: false,
      errors: {
        name: "Enter your name",
        email: "Enter your e-mail address",
        phone_number: "Enter your phone number",
        msg_subject: "Enter a subject",
        message: "Write your message",
      },
    });
  });

  test.each(["+91 98765 43210", "098765-43210", "(0172) 2345678", "9876543", "+1 (555) 010.4477", "123456789012345"])(
    "phone %s passes",
    (phone) => {
      expect(validateContactField("phone_number", phone)).toBeUndefined();
    },
  );

  test.each([
    ["123456", "Enter a phone number with 7 to 15 digits, such as +91 98765 43210"],
    ["1234567890123456", "Enter a phone number with 7 to 15 digits, such as +91 98765 43210"],
    ["call 98765 43210", "A phone number can only have digits, spaces, brackets and the signs + - ."],
    ["98765 43210 ext 5", "A phone number can only have digits, spaces, brackets and the signs + - ."],
  ])("phone %s is refused", (phone, message) => {
    expect(validateContactField("phone_number", phone)).toBe(message);
  });

  test.each([
    "asha@example.in",
    "a.b+c@mail.example.co.in",
    "o'neil@example.com",
    "ravi@उदाहरण.भारत",
    "ravi@xn--p1b6ci4b4b3a.xn--h2brj9c",
    "priya@डाटा.भारत",
    "info@bücher.example",
  ])("e-mail %s passes", (email) => {
    expect(validateContactField("email", email)).toBeUndefined();
  });

  test.each([
    "asha",
    "asha@example",
    "asha@@example.in",
    "asha example@x.in",
    "@example.in",
    "asha@-example.in",
    "ravi@उदाहरण",
    "ravi@उदा हरण.भारत",
    "ravi@उदाहरण.भारत/x",
    "ravi@उदाहरण.भारत:25",
    "ravi@[उदाहरण].भारत",
    "रवि@उदाहरण.भारत",
  ])("e-mail %s is refused", (email) => {
    expect(validateContactField("email", email)).toBe("Enter an e-mail address in the form name@example.com");
  });

  test("limits: each field at its limit passes, one more does not", () => {
    expect(validateContactField("name", "n".repeat(contactLimits.name))).toBeUndefined();
    expect(validateContactField("name", "n".repeat(contactLimits.name + 1))).toBe(
      "Your name can be at most 100 characters; it has 101 now",
    );
    expect(validateContactField("msg_subject", "s".repeat(151))).toBe(
      "The subject can be at most 150 characters; it has 151 now",
    );
    expect(validateContactField("message", "m".repeat(5000))).toBeUndefined();
    expect(validateContactField("message", "m".repeat(5001))).toBe(
      "Your message can be at most 5,000 characters; it has 5,001 now",
    );
    const longAddress = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.in`;
    expect(longAddress.length).toBeGreaterThan(254);
    expect(validateContactField("email", longAddress)).toBe(
      "An e-mail address can be at most 254 characters; it has 259 now",
    );
  });

  test("a message's line breaks count once however the browser sent them", () => {
    const lines = `${"m".repeat(2499)}\r\n${"m".repeat(2500)}`;
    expect(validateContact({ ...good, message: lines })).toMatchObject({
      success: true,
      output: { message: `${"m".repeat(2499)}\n${"m".repeat(2500)}` },
    });
  });

  test("one-line fields refuse line breaks and control characters; the message keeps its lines", () => {
    expect(validateContactField("msg_subject", "Hi\r\nBcc: x@example.com")).toBe(
      "The subject must be on one line, without special characters",
    );
    expect(validateContactField("name", "Asha\u0000")).toBe(
      "Your name must be on one line, without special characters",
    );
    expect(validateContactField("message", "Line one\n\tLine two")).toBeUndefined();
    expect(validateContactField("message", "Bell\u0007")).toBe("Your message has special characters we cannot accept");
  });

  test("right-to-left text, scripts of India and emoji are plain text", () => {
    expect(validateContact({ ...good, name: "مريم 🌸", msg_subject: "नमस्ते", message: "שלום 👋🏽" }).success).toBe(true);
  });

  test("anything but text is refused with the field's own message", () => {
    expect(validateContact({ ...good, name: 42, email: ["a@b.in"] })).toEqual({
      success: false,
      errors: { name: "Enter your name", email: "Enter your e-mail address" },
    });
  });
});
