import type { AcknowledgementWords } from "../../server/mail/acknowledgement-words.ts";

/** The acknowledgement a visitor gets after sending a form from an English page. */
export const acknowledgementWords: AcknowledgementWords = {
  subject: (reference) => `We have received your message (${reference})`,
  quoteSubject: (reference) => `We have received your quote request (${reference})`,
  greeting: "Hello,",
  received: (company, reference) =>
    `Thank you for writing to ${company}. Your message has reached us, and its reference is ${reference}.`,
  quoteAsked: (product, count, quantities) =>
    `You asked for a quote for ${product ?? "your product"}, in ${count === 1 ? "a quantity of" : "quantities of"} ${quantities}.`,
  filesReceived: (count, files) =>
    `We also received ${count === 1 ? "1 artwork file" : `${count} artwork files`}: ${files}.`,
  estimatorReplies: "An estimator replies with prices within one working day.",
  replyWithin: (hours, phone) =>
    `We reply within one working day (${hours}). If you need us sooner, call ${phone} and quote your reference.`,
  notYou: (origin, when) =>
    `This address was entered in the contact form on ${origin} on ${when}. If that was not you, please ignore this e-mail; we will not write again unless you reply.`,
};
