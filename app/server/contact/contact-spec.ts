import * as v from "valibot";
import type { FormRefusal } from "../forms/form-refusals.ts";

/**
 * The contact form's rules, the one copy the browser and the server both run:
 * its fields, their limits and checks. What a visitor is told when a check
 * fails is the site's content (ContactProblemWords), handed in by the caller.
 */

/** The visitor's fields, in the form's order, under the names the post carries them. */
export const contactFieldNames = ["name", "email", "phone_number", "msg_subject", "message"] as const;
export type ContactFieldName = (typeof contactFieldNames)[number];

/**
 * Fields the form carries besides the visitor's own: the bot trap, the form's
 * signed start time, and where it was opened from (a service, a page of the site).
 */
export const contactFormExtras = {
  honeypot: "website",
  token: "form_token",
  service: "service",
  sourcePage: "source_page",
} as const;

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

/** What the visitor is told about a field, written for them: what to do, not what went wrong. */
export type ContactProblemWords = {
  /** What an empty field asks for: "Enter your name". */
  readonly missing: Readonly<Record<ContactFieldName, string>>;
  /** The field as a sentence names it: "Your name", "A phone number". */
  readonly named: Readonly<Record<ContactFieldName, string>>;
  tooLong(named: string, limit: number, has: number): string;
  oneLine(named: string): string;
  readonly email: string;
  readonly phoneCharacters: string;
  phoneDigits(min: number, max: number): string;
  readonly messageCharacters: string;
};

/** What a visitor is told when the form as a whole could not be taken (FormRefusal), or was refused for now. */
export type InquiryFormProblemWords = Readonly<Record<FormRefusal, string>> & {
  tooMany(minutes: number): string;
  readonly expired: string;
  readonly unavailable: string;
};

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

/** What a field over its limit is told, with how long it is now. */
function tooLong(words: ContactProblemWords, field: ContactFieldName) {
  return (issue: { received: string }) =>
    words.tooLong(words.named[field], contactLimits[field], Number(issue.received));
}

function oneLine(words: ContactProblemWords, field: "name" | "msg_subject") {
  return v.pipe(
    v.string(words.missing[field]),
    v.trim(),
    v.nonEmpty(words.missing[field]),
    v.maxLength(contactLimits[field], tooLong(words, field)),
    v.check((value) => !CONTROL_IN_LINE.test(value), words.oneLine(words.named[field])),
  );
}

function schemaWith(words: ContactProblemWords) {
  const { missing } = words;
  return v.object({
    name: oneLine(words, "name"),
    email: v.pipe(
      v.string(missing.email),
      v.trim(),
      v.nonEmpty(missing.email),
      v.maxLength(contactLimits.email, tooLong(words, "email")),
      v.check(isEmailAddress, words.email),
    ),
    phone_number: v.pipe(
      v.string(missing.phone_number),
      v.trim(),
      v.nonEmpty(missing.phone_number),
      v.maxLength(contactLimits.phone_number, tooLong(words, "phone_number")),
      v.regex(PHONE_CHARACTERS, words.phoneCharacters),
      v.check(
        (value) => {
          const digits = value.replace(/\D/g, "").length;
          return digits >= phoneDigits.min && digits <= phoneDigits.max;
        },
        words.phoneDigits(phoneDigits.min, phoneDigits.max),
      ),
    ),
    msg_subject: oneLine(words, "msg_subject"),
    message: v.pipe(
      v.string(missing.message),
      // Browsers send a textarea's line breaks as CR LF; one form of line break keeps counts honest.
      v.transform((value) => value.replace(/\r\n?/g, "\n")),
      v.trim(),
      v.nonEmpty(missing.message),
      v.maxLength(contactLimits.message, tooLong(words, "message")),
      v.check((value) => !CONTROL_IN_TEXT.test(value), words.messageCharacters),
    ),
  });
}

type ContactSchema = ReturnType<typeof schemaWith>;

// One schema for each set of words: the browser checks a field at every keystroke's blur.
const schemas = new WeakMap<ContactProblemWords, ContactSchema>();

function contactSchema(words: ContactProblemWords): ContactSchema {
  let schema = schemas.get(words);
  if (!schema) {
    schema = schemaWith(words);
    schemas.set(words, schema);
  }
  return schema;
}

export type ContactInput = v.InferOutput<ContactSchema>;
export type ContactErrors = Partial<Record<ContactFieldName, string>>;

export type ContactValidation = { success: true; output: ContactInput } | { success: false; errors: ContactErrors };

/** Checks the whole form: the cleaned values, or the first problem of each field. */
export function validateContact(
  input: Partial<Record<ContactFieldName, unknown>>,
  words: ContactProblemWords,
): ContactValidation {
  // A missing field is an empty one, and gets the same message, not a generic "invalid key".
  const complete = Object.fromEntries(
    Object.keys(contactLimits).map((name) => [name, input[name as ContactFieldName]]),
  );
  const result = v.safeParse(contactSchema(words), complete, { abortPipeEarly: true });
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
export function validateContactField(
  field: ContactFieldName,
  value: unknown,
  words: ContactProblemWords,
): string | undefined {
  const result = v.safeParse(contactSchema(words).entries[field], value, { abortPipeEarly: true });
  return result.success ? undefined : result.issues[0].message;
}
