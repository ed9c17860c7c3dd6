import type {
  ContactFieldName,
  ContactProblemWords,
  InquiryFormProblemWords,
} from "../../server/contact/contact-spec.ts";
import { site } from "./site.ts";

/** The contact form's fields, in order, with the hint texts of the specification. */
export const contactFields = [
  { name: "name", label: "Your name", placeholder: "Please enter your name", autoComplete: "name" },
  { name: "email", label: "E-mail address", placeholder: "Please enter your email", autoComplete: "email" },
  { name: "phone_number", label: "Phone number", placeholder: "Please enter your number", autoComplete: "tel" },
  { name: "msg_subject", label: "Subject", placeholder: "Please enter your subject", autoComplete: "off" },
  { name: "message", label: "Message", placeholder: "Write your message", autoComplete: "off" },
] as const satisfies readonly { name: ContactFieldName; label: string; placeholder: string; autoComplete: string }[];

const count = new Intl.NumberFormat("en-IN");

/** What the visitor is told about one field (the rules are app/server/contact/contact-spec.ts). */
export const contactFieldProblems: ContactProblemWords = {
  missing: {
    name: "Enter your name",
    email: "Enter your e-mail address",
    phone_number: "Enter your phone number",
    msg_subject: "Enter a subject",
    message: "Write your message",
  },
  named: {
    name: "Your name",
    email: "An e-mail address",
    phone_number: "A phone number",
    msg_subject: "The subject",
    message: "Your message",
  },
  tooLong: (named, limit, has) =>
    `${named} can be at most ${count.format(limit)} characters; it has ${count.format(has)} now`,
  oneLine: (named) => `${named} must be on one line, without special characters`,
  email: "Enter an e-mail address in the form name@example.com",
  phoneCharacters: "A phone number can only have digits, spaces, brackets and the signs + - .",
  phoneDigits: (min, max) => `Enter a phone number with ${min} to ${max} digits, such as +91 98765 43210`,
  messageCharacters: "Your message has special characters we cannot accept",
};

export const contactFormText = {
  submit: "Send Message",
  sending: "Sending…",
  honeypotLabel: "Leave this field empty",
  summaryHeading: "Please check the form",
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
} as const;

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
