import { pageText } from "./pages.ts";
import { site } from "./site.ts";

export type StatusPageText = {
  status: number;
  title: string;
  description: string;
  heading: string;
  /** What happened and what the visitor can do, a paragraph each. */
  explanation: readonly string[];
};

const reachUs = `You can also call us on ${site.phone.display} or write to ${site.email}.`;

/** The words of the pages the server refuses a request with, by kind. */
const refusalWords = {
  "cross-site": {
    title: "Form Not Accepted",
    description: "The form was sent from a page that is not part of this website.",
    heading: "This form was sent from another website",
    explanation: [
      "For your safety we only accept messages sent from the contact page of this website, and this one came from somewhere else. Nothing was saved.",
      `Please open our contact page and send your message there. ${reachUs}`,
    ],
  },
  "too-large": {
    title: "Message Too Large",
    description: "The form was larger than we can accept.",
    heading: "Your message was too large to accept",
    explanation: [
      "The form arrived larger than any message we can read, so nothing was saved.",
      `Please go back, shorten your message and send it again. ${reachUs}`,
    ],
  },
  "bad-request": {
    title: "Request Not Understood",
    description: "The request could not be read.",
    heading: "We could not read that request",
    explanation: [
      "The address or the form arrived in a shape we cannot read, so nothing was done.",
      `Please go back and try again, or start from the home page. ${reachUs}`,
    ],
  },
};

/**
 * The pages the server answers with when it refuses a request before any page
 * is rendered (a form sent from another site, a body too large, a request it
 * cannot read, a failure). Each is prerendered once in the frame, so even these
 * answers are never a blank or plain-text page.
 */
export const statusPages = {
  "cross-site": { status: 403, ...refusalWords["cross-site"] },
  "too-large": { status: 413, ...refusalWords["too-large"] },
  "bad-request": { status: 400, ...refusalWords["bad-request"] },
  "not-found": { status: 404, ...pageText.notFound, explanation: [] },
  "server-error": { status: 500, ...pageText.error, explanation: [] },
} as const satisfies Record<string, StatusPageText>;

/** A refusal's kind: a page that says why, beyond not found and failed. */
export type RefusalKind = keyof typeof refusalWords;

/** The words of the status panels: the code, what happened, the ways on. */
export const statusWords = {
  errorCode: (status: number) => `Error ${status}`,
  homePage: "Home page",
  allServices: "All services",
  contactUs: "Contact us",
  contactPage: "Contact page",
  notFound: "The address may be mistyped, or the page may have moved. These will take you on:",
  /** Before the phone number and the e-mail address, which are links. */
  failed: "The page could not be shown. Please try again in a moment, or reach us directly at",
  or: "or",
  /** After the e-mail address. */
  failedEnd: ".",
  /** On an error page answered to a request: its id, which leads whoever reads the server's log to what went wrong. */
  errorReference: (reference: string) => `If you write to us about this, quote reference ${reference}.`,
  refusals: refusalWords,
};

export type StatusPageKind = keyof typeof statusPages;

export const statusPageKinds = Object.keys(statusPages) as StatusPageKind[];

export function findStatusPage(kind: string): (StatusPageText & { kind: StatusPageKind }) | undefined {
  return Object.hasOwn(statusPages, kind)
    ? { kind: kind as StatusPageKind, ...statusPages[kind as StatusPageKind] }
    : undefined;
}
