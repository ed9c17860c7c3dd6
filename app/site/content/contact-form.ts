import type {
  ContactFieldName,
  ContactProblemWords,
  InquiryFormProblemWords,
} from "../../server/contact/contact-spec.ts";
import { message } from "./message.ts";
import { site } from "./site.ts";
import type { WordsOf } from "./words-of.ts";

/** The contact form's fields, in order, with what a browser may fill each in with. */
export const contactFields = [
  { name: "name", autoComplete: "name" },
  { name: "email", autoComplete: "email" },
  { name: "phone_number", autoComplete: "tel" },
  { name: "msg_subject", autoComplete: "off" },
  { name: "message", autoComplete: "off" },
] as const satisfies readonly { name: ContactFieldName; autoComplete: string }[];

/**
 * The contact form's words, as its island shows them: plain strings, with
 * {placeholders} where a message names a field or a number, so that a page in
 * another language can hand the island its own as props. What the visitor is
 * told about a field follows the rules of app/server/contact/contact-spec.ts.
 */
export const contactFormWords = {
  /** Each field's label, and the hint text of the specification inside it. */
  fields: {
    name: { label: "Your name", placeholder: "Please enter your name" },
    email: { label: "E-mail address", placeholder: "Please enter your email" },
    phone_number: { label: "Phone number", placeholder: "Please enter your number" },
    msg_subject: { label: "Subject", placeholder: "Please enter your subject" },
    message: { label: "Message", placeholder: "Write your message" },
  },
  problems: {
    missing: {
      name: "Enter your name",
      email: "Enter your e-mail address",
      phone_number: "Enter your phone number",
      msg_subject: "Enter a subject",
      message: "Write your message",
    },
    /** The field as a sentence names it, for {named} below. */
    named: {
      name: "Your name",
      email: "An e-mail address",
      phone_number: "A phone number",
      msg_subject: "The subject",
      message: "Your message",
    },
    tooLong: "{named} can be at most {limit} characters; it has {has} now",
    oneLine: "{named} must be on one line, without special characters",
    email: "Enter an e-mail address in the form name@example.com",
    phoneCharacters: "A phone number can only have digits, spaces, brackets and the signs + - .",
    phoneDigits: "Enter a phone number with {min} to {max} digits, such as +91 98765 43210",
    messageCharacters: "Your message has special characters we cannot accept",
  },
  submit: "Send Message",
  sending: "Sending…",
  honeypotLabel: "Leave this field empty",
  summaryHeading: "Please check the form",
  /** Said before a field's message to a screen reader. */
  error: "Error:",
};

export type ContactFormWords = WordsOf<typeof contactFormWords>;

const problemWords = new WeakMap<ContactFormWords["problems"], ContactProblemWords>();

/** The messages of the contact form's rules (contact-spec.ts) in a language's words, made once for each. */
export function contactProblemsIn({ problems }: Pick<ContactFormWords, "problems">): ContactProblemWords {
  let words = problemWords.get(problems);
  if (!words) {
    words = {
      missing: problems.missing,
      named: problems.named,
      tooLong: (named, limit, has) => message(problems.tooLong, { named, limit, has }),
      oneLine: (named) => message(problems.oneLine, { named }),
      email: problems.email,
      phoneCharacters: problems.phoneCharacters,
      phoneDigits: (min, max) => message(problems.phoneDigits, { min, max }),
      messageCharacters: problems.messageCharacters,
    };
    problemWords.set(problems, words);
  }
  return words;
}

/** What the visitor is told about one field, in English. */
export const contactFieldProblems: ContactProblemWords = contactProblemsIn(contactFormWords);

/** The contact page's words around the form, rendered on the server. */
export const contactPageWords = {
  reachUs: "Reach us",
  hours: (hours: string) => `Open ${hours}.`,
  sendMessage: "Send us a message",
  quoteSubject: (serviceTitle: string) => `Quote for ${serviceTitle}`,
  sent: {
    title: "Message Sent",
    heading: "Thank you, your message has arrived",
    referenceLabel: "Your reference",
    referenceHint: "Please quote it if you call or write to us about this message.",
    next: `We reply within one working day (${site.hours}).`,
    confirmation: "A confirmation with this reference is on its way to your e-mail address.",
    another: "Send another message",
  },
};

const reachUs = `call us on ${site.phone.display} or write to ${site.email}`;

/** What the visitor reads when the form as a whole could not be taken; their typing is kept in each case. */
export const contactFormProblems: InquiryFormProblemWords = {
  tooMany: (minutes: number) =>
    `You have sent several messages in a short time. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or ${reachUs}.`,
  tooLarge: "The form was too large to read. Please shorten your message and send it again.",
  notAForm: "The message did not arrive as a web form. Please send it from the contact page.",
  notText: "The form contained characters that are not valid text. Please check it and send it again.",
  unexpectedFields: "The form arrived in a shape we do not expect. Please reload the page and send it again.",
  repeatedField: "A field of the form arrived more than once. Please reload the page and send it again.",
  reload: "The form arrived incomplete. Please reload the page and send it again.",
  expired: "This form had expired; please check and send it again.",
  unavailable: `We could not save your message just now. Please try again in a minute, or ${reachUs}.`,
};
