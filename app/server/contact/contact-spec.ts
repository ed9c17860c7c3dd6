import * as v from "valibot";
import type { ContactFieldName } from "../content/contact-form.ts";

/**
 * The contact form's rules, the one copy the browser and the server both run.
 * Messages are written for the visitor: what to do, not what went wrong.
 */

export const contactLimits = {
  name: 100,
  email: 254,
  phone_number: 32,
  msg_subject: 150,
  message: 5000,
} as const satisfies Record<ContactFieldName, number>;

/** 7 to 15 digits: the shortest local numbers to the longest international ones (E.164). */
export const phoneDigits = { min: 7, max: 15 } as const;

/**
 * The largest form body the server reads. Percent-encoded UTF-8 takes at most
 * 9 bytes for one UTF-16 code unit, so a form with every field at its limit
 * (about 5,500 units, 50 kB at worst) still fits; anything larger is not from our form.
 */
export const contactBodyLimitBytes = 64 * 1024;

const count = new Intl.NumberFormat("en-IN");

// Line breaks and other control characters have no place in a one-line field, and
// they are what header injection and terminal tricks are made of.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// A message keeps its line breaks and tabs; other control characters are refused.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const PHONE_CHARACTERS = /^[0-9 +\-.()]+$/;
// The address as the HTML standard defines it for type="email", plus a dot in the
// domain: an address at a bare host name is almost always a typing slip.
const EMAIL_LOCAL_PART = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const EMAIL_DOMAIN =
  /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;
const NOT_IN_A_DOMAIN = /[\s/\\?#@:%[\]]/;

/**
 * The domain as DNS knows it. An internationalised domain (उदाहरण.भारत) is
 * checked in its punycode form, which the URL parser computes in the browser
 * and on the server alike; the address is kept as the visitor typed it.
 */
function asciiDomain(domain: string): string | undefined {
  if (PRINTABLE_ASCII.test(domain)) return domain;
  if (NOT_IN_A_DOMAIN.test(domain)) return undefined;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return undefined;
  }
}

function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf("@");
  const domain = asciiDomain(value.slice(at + 1));
  return at > 0 && EMAIL_LOCAL_PART.test(value.slice(0, at)) && domain !== undefined && EMAIL_DOMAIN.test(domain);
}

function tooLong(what: string, limit: number) {
  return (issue: { received: string }) =>
    `${what} can be at most ${count.format(limit)} characters; it has ${count.format(Number(issue.received))} now`;
}

function oneLine(required: string, what: string, limit: number) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(limit, tooLong(what, limit)),
    v.check((value) => !CONTROL_IN_LINE.test(value), `${what} must be on one line, without special characters`),
  );
}

export const contactSchema = v.object({
  name: oneLine("Enter your name", "Your name", contactLimits.name),
  email: v.pipe(
    v.string("Enter your e-mail address"),
    v.trim(),
    v.nonEmpty("Enter your e-mail address"),
    v.maxLength(contactLimits.email, tooLong("An e-mail address", contactLimits.email)),
    v.check(isEmailAddress, "Enter an e-mail address in the form name@example.com"),
  ),
  phone_number: v.pipe(
    v.string("Enter your phone number"),
    v.trim(),
    v.nonEmpty("Enter your phone number"),
    v.maxLength(contactLimits.phone_number, tooLong("A phone number", contactLimits.phone_number)),
    v.regex(PHONE_CHARACTERS, "A phone number can only have digits, spaces, brackets and the signs + - ."),
    v.check((value) => {
      const digits = value.replace(/\D/g, "").length;
      return digits >= phoneDigits.min && digits <= phoneDigits.max;
    }, `Enter a phone number with ${phoneDigits.min} to ${phoneDigits.max} digits, such as +91 98765 43210`),
  ),
  msg_subject: oneLine("Enter a subject", "The subject", contactLimits.msg_subject),
  message: v.pipe(
    v.string("Write your message"),
    // Browsers send a textarea's line breaks as CR LF; one form of line break keeps counts honest.
    v.transform((value) => value.replace(/\r\n?/g, "\n")),
    v.trim(),
    v.nonEmpty("Write your message"),
    v.maxLength(contactLimits.message, tooLong("Your message", contactLimits.message)),
    v.check((value) => !CONTROL_IN_TEXT.test(value), "Your message has special characters we cannot accept"),
  ),
});

export type ContactInput = v.InferOutput<typeof contactSchema>;
export type ContactErrors = Partial<Record<ContactFieldName, string>>;

export type ContactValidation = { success: true; output: ContactInput } | { success: false; errors: ContactErrors };

/** Checks the whole form: the cleaned values, or the first problem of each field. */
export function validateContact(input: Partial<Record<ContactFieldName, unknown>>): ContactValidation {
  // A missing field is an empty one, and gets the same message, not a generic "invalid key".
  const complete = Object.fromEntries(
    Object.keys(contactLimits).map((name) => [name, input[name as ContactFieldName]]),
  );
  const result = v.safeParse(contactSchema, complete, { abortPipeEarly: true });
  if (result.success) return { success: true, output: result.output };
  const errors: ContactErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === "string" && key in contactLimits && !errors[key as ContactFieldName]) {
      errors[key as ContactFieldName] = issue.message;
    }
  }
  return { success: false, errors };
}

/** Checks one field, as the visitor leaves it: its problem, or undefined when it is fine. */
export function validateContactField(field: ContactFieldName, value: unknown): string | undefined {
  const result = v.safeParse(contactSchema.entries[field], value, { abortPipeEarly: true });
  return result.success ? undefined : result.issues[0].message;
}
