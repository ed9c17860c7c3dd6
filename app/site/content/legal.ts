/**
 * The privacy notice and the terms as the site starts, before the owner edits
 * them (as Markdown). The terms' section text is filler until the company's
 * own is written. The privacy notice names the settings the server runs with
 * by placeholders, such as {retention}, which the page fills in
 * (privacyDocument), so what it says about keeping data stays true.
 */
import type { CompanySettings } from "../../server/content/company-item.ts";
import {
  fillPlaceholders,
  type LegalContent,
  type PrivacyContent,
  type PrivacyPlaceholder,
} from "../../server/content/page-items.ts";
import { SPAM_KEPT_DAYS } from "../../server/inbox/statuses.ts";

/** A legal page as it is shown: its sections' Markdown, with a draft note while the lawyer has not reviewed it. */
export type LegalDocument = LegalContent & { draftNote?: string };

const filler =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero. Sed cursus ante dapibus diam. Sed nisi. Nulla quis sem at nibh elementum imperdiet. Duis sagittis ipsum. Praesent mauris. Fusce nec tellus sed augue semper porta.";

/** What the notice needs from the running server's settings. */
export type PrivacySettings = {
  /** INQUIRY_RETENTION_DAYS. */
  retentionDays: number;
  /** MAIL_TO: the company's inbox the inquiries go to. */
  mailTo: string;
};

const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

const list = (...items: string[]) => items.map((item) => `- ${item}`).join("\n");

/**
 * TO BE REVIEWED BY A LAWYER before the site goes live. This notice describes
 * what the site does, truthfully, but whether it meets the Digital Personal
 * Data Protection Act, 2023 and its rules for this business is for the owner's
 * lawyer to confirm. Once they have, the owner ticks "reviewed" in the staff
 * area: the draft note on the page goes away.
 */
export const privacySeed: PrivacyContent = {
  lastUpdated: "2026-11-25",
  reviewed: false,
  sections: [
    {
      heading: "Who we are",
      body: "{legal-name} (“we”) runs this website. This notice says what happens to the details you give us through its contact form and its quote request, and what rights you have over them under India’s Digital Personal Data Protection Act, 2023.",
    },
    {
      heading: "What the contact form collects, and why",
      body: `When you send the contact form, we keep:\n\n${list(
        "your name, e-mail address and phone number, so that we can answer you;",
        "the subject and message you write, so that we know what you need and can prepare a quote;",
        "when it arrived, the service page you opened the form from (if any) and the page of this website you came from, so that we know what you were looking at;",
        "a reference number, such as ENQ-2026-000042, for you and us to quote.",
      )}`,
    },
    {
      heading: "What a quote request adds",
      body: `When you ask for a quote, we also keep, for the same purposes and the same time:\n\n${list(
        "the product’s specification, quantities and needed-by date you give, so that we can price the job;",
        "the delivery PIN code, so that we can price the delivery;",
        "your company name and GSTIN, if you give them, so that the quotation and invoice are made out correctly for GST.",
      )}`,
    },
    {
      heading: "How we use it",
      body: [
        "We use these details only to answer your inquiry and to follow it up, for example with a quote. We do not use them for advertising, and we do not sell or give them to anyone else.",
        "Your network address is used for a few minutes to limit how many messages one sender can send, and is not stored with your message.",
        "A message that looks sent by a program rather than a person is kept apart, without any mail being sent, and deleted after {spam-kept}, so that a real message caught by mistake can still be answered.",
      ].join("\n\n"),
    },
    {
      heading: "Who receives it",
      body: "Your inquiry is stored on the server that runs this website. It is sent by e-mail, through our mail server, to our inbox ({inbox}), and a confirmation with your reference goes to the e-mail address you gave. The staff who handle inquiries read it there and in the website’s staff area, which only they can sign in to.",
    },
    {
      heading: "How long we keep it",
      body: "We delete each inquiry, with the e-mails about it and our notes on it, {retention} after it arrived. The website does this by itself every day; we delete the copies in our e-mail inbox by the same rule.",
    },
    {
      heading: "Cookies and other websites",
      body: "This website sets no cookies for visitors and loads nothing from other websites: its pages, fonts, images and scripts all come from this website. Links to our social media profiles and to WhatsApp take you to those websites, whose own privacy notices then apply.",
    },
    {
      heading: "Your rights",
      body: `You may ask us, free of charge:\n\n${list(
        "what details of yours we hold and what we do with them;",
        "to correct or complete them;",
        "to erase them: we then delete every inquiry of your e-mail address and phone number, with the e-mails and notes about them;",
        "to take back your consent, after which we stop using your details and erase them;",
        "to name someone to use these rights for you if you die or cannot act yourself.",
      )}`,
    },
    {
      heading: "Whom to write to",
      body: "Write to our {grievance-name} at {grievance-email}, call {grievance-phone}, or write to {legal-name}, {address}. Please quote your reference if you have one. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.",
    },
  ],
};

/** The privacy notice as the page shows it: the placeholders filled in from the settings and the company's details. */
export function privacyDocument(
  notice: PrivacyContent,
  { retentionDays, mailTo }: PrivacySettings,
  company: CompanySettings,
): LegalDocument {
  const values: Record<PrivacyPlaceholder, string> = {
    retention: days(retentionDays),
    "spam-kept": days(SPAM_KEPT_DAYS),
    inbox: mailTo,
    "legal-name": company.legalName,
    address: `${company.address.street}, ${company.address.city} ${company.address.postalCode}`,
    "grievance-name": company.grievance.name,
    "grievance-email": company.grievance.email,
    "grievance-phone": company.grievance.phone.display,
  };
  const sections = notice.sections.map((section) => ({ ...section, body: fillPlaceholders(section.body, values) }));
  const document: LegalDocument = { lastUpdated: notice.lastUpdated, sections };
  return notice.reviewed
    ? document
    : {
        ...document,
        draftNote: "Draft: this notice is to be reviewed by the company’s lawyer before this website is published.",
      };
}

export const termsSeed: LegalContent = {
  lastUpdated: "2026-11-01",
  sections: [
    { heading: "Quotes and orders", body: filler },
    { heading: "Artwork and proofs", body: filler },
    { heading: "Production and delivery", body: filler },
    { heading: "Payment", body: filler },
    { heading: "Liability", body: filler },
    { heading: "Governing law", body: filler },
  ],
};
