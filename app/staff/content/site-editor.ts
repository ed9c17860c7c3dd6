import type { CompanyField, CompanyProblem } from "../../server/content/company-item.ts";
import type { Translation } from "../../server/content/languages.ts";
import type { ScheduleProblem } from "../../server/content/schedule.ts";
import type { VersionState } from "../../server/content/versions.ts";
import { paths } from "../../site/content/urls.ts";

/** The words of the pages where the company edits its own site. */

export const siteEditorText = {
  title: "The site",
  /** The staff bar's link to the site's content, on every staff page. */
  barLink: "Edit the site",
  heading: "The site",
  intro:
    "What visitors see of the company. An edit is a draft until an owner publishes it; every published version is kept and can be brought back.",
  backToInbox: "Back to the inbox",
  backToSite: "Back to the site's content",
  items: {
    company: "Company details",
    "gst-rates": "GST rates by HSN",
    billing: "Billing and bank details",
    services: "Services",
    home: "Home page",
    about: "About page",
    product: "Product page",
    faq: "Questions and answers",
    terms: "Terms and conditions",
    privacy: "Privacy notice",
  } as Record<string, string>,
  itemHeading: "Item",
  stateHeading: "State",
  published: (when: string, by: string | null) => `Published ${when}${by ? ` by ${by}` : " (from the site's files)"}`,
  draft: (when: string, by: string | null) => `Draft saved ${when}${by ? ` by ${by}` : ""}, not yet published`,
  edit: "Edit",
  history: "History",
  publishChosen: "Publish now",
  publishLabel: (item: string) => `Publish the draft of ${item}`,
  nothingChosen: "Choose at least one draft to publish.",
  ownersOnly: "Only an owner may change this. You can read it here.",
  unreadable: "The form could not be read. Please reload the page and try again.",
  notices: {
    saved: "Draft saved. Visitors do not see it until it is published.",
    published: "Published. Visitors see it now.",
    discarded: "Draft discarded. Visitors go on seeing the published version.",
    restored: "That version is now a draft: publish it to bring it back.",
    scheduled: "Scheduled. The chosen drafts are published at that time, by themselves.",
    cancelled: "Schedule cancelled. The draft stays a draft until someone publishes it.",
  } as const,
};

export type SiteNotice = keyof typeof siteEditorText.notices;

export const versionStateLabels: Record<VersionState, string> = {
  draft: "Draft",
  published: "Published",
  earlier: "Published before",
  discarded: "Draft replaced or discarded",
};

export const companyEditorText = {
  title: "Company details",
  heading: "Company details",
  intro:
    "The company's name and how to reach it, as the header, the footer, the contact page, mails and quotations show them.",
  saveDraft: "Save draft",
  publish: "Publish",
  discard: "Discard draft",
  draftNote: (when: string, by: string | null) =>
    `You are editing the draft saved ${when}${by ? ` by ${by}` : ""}. Visitors see the published version until it is published.`,
  problemsHeading: "Please check the details",
  conflict: {
    heading: "Someone else saved this in the meantime",
    body: (by: string | null, when: string) =>
      `${by ?? "Someone"} saved a newer version ${when}, after you opened this page. Your changes are still in the form below; nothing was saved. Their version is listed here: copy what you need, then save again.`,
    field: "Field",
    theirs: "Their version",
    yours: "Yours",
  },
  groups: {
    company: "The company",
    contact: "How to reach it",
    address: "Address",
    grievance: "Grievance officer (privacy notice)",
    social: "Social profiles (leave empty to hide)",
  },
  fields: {
    name: { label: "Name", hint: "As the header and mails show it." },
    legalName: { label: "Legal name", hint: "As quotations show it." },
    tagline: { label: "Tagline" },
    summary: { label: "What the company makes", hint: "One sentence, under its name in the footer." },
    phone: { label: "Phone number", hint: "As visitors should read it, for example +91 98765 43210." },
    whatsapp: { label: "WhatsApp number" },
    email: { label: "E-mail address" },
    hours: { label: "Opening hours" },
    street: { label: "Street and plot" },
    city: { label: "City" },
    region: { label: "State or union territory" },
    postalCode: { label: "PIN code" },
    mapLink: { label: "Map link", hint: "An https address of the company on a map." },
    origin: { label: "Site address", hint: "The site's own address, such as https://www.example.com." },
    grievanceName: { label: "Name" },
    grievanceEmail: { label: "E-mail address" },
    grievancePhone: { label: "Phone number" },
    Facebook: { label: "Facebook" },
    Instagram: { label: "Instagram" },
    LinkedIn: { label: "LinkedIn" },
    YouTube: { label: "YouTube" },
  } satisfies Record<CompanyField, { label: string; hint?: string }>,
  problems: {
    missing: "Fill this in.",
    "too-long": "This is too long for where it is shown.",
    "one-line": "Write this on one line, without special characters.",
    email: "Enter an e-mail address, such as hello@example.com.",
    phone: "Enter a phone number with 10 digits, or with its country code.",
    address: "Enter a full https:// address.",
    pin: "Enter the 6-digit PIN code.",
  } satisfies Record<CompanyProblem, string>,
};

export const gstRatesEditorText = {
  title: "GST rates by HSN",
  heading: "GST rates by HSN",
  intro:
    "The rate a new quotation line starts with, by its HSN code: the longest code in the table that begins the line's code, at its latest rate in force on the quotation's date. Add a row for a rate that changes on a later day; the rows before it stay for quotations dated before. A sent quotation keeps the rates it was sent with.",
  accountant:
    "These rates are the company's to confirm with its accountant: a note beside each says where it comes from.",
  caption: "Rates by HSN code and the day each applies from",
  hsn: "HSN code",
  rate: "Rate (%)",
  from: "Applies from",
  note: "Note",
  rowLabel: (field: string, row: number) => `${field}, row ${row}`,
  emptyRows: "Fill in an empty row to add a rate; empty an HSN code and its day to remove one.",
  problemsHeading: "Please check the rates",
  rowProblem: (row: number, problem: string) => `Row ${row}: ${problem}`,
  saveDraft: "Save draft",
  publish: "Publish",
  discard: "Discard draft",
  tooMany: (limit: number) => `The table holds at most ${limit} rates.`,
};

export const previewText = {
  banner: "Preview: the site with its drafts. Visitors see the published version until the drafts are published.",
  back: "Back to the site's content",
  open: "Preview the site with its drafts",
};

export const historyText = {
  title: (item: string) => `History of ${item}`,
  heading: (item: string) => `History: ${item}`,
  version: "Version",
  state: "State",
  saved: "Saved",
  publishedWhen: "Published",
  changes: "Changes from the published version",
  noChanges: "The same as the published version.",
  restore: "Bring back as a draft",
  restoreLabel: (version: number) => `Bring back version ${version} as a draft`,
  fromFiles: "the site's files",
};

/** Drafts published at a chosen time, on the site's page: always India's time, whatever the reader's zone. */
export const scheduleText = {
  field: "Or publish them at (India time, IST)",
  hint: "A day and time to the minute. The chosen drafts are published together within a few seconds of it.",
  schedule: "Schedule for that time",
  /** Beside the draft in the table of items. */
  scheduledFor: (when: string) => `Scheduled for ${when} IST`,
  heading: "Scheduled publications",
  intro:
    "Each draft here is published at its time, in India time, recorded as published by whoever scheduled it. A scheduled draft saved again keeps its time, and the newest draft is what is published; discarding the draft, or publishing it sooner, cancels its schedule.",
  itemHeading: "Item",
  whenHeading: "Publish at",
  by: (name: string) => `Scheduled by ${name}`,
  at: (when: string) => `${when} IST`,
  removedAccount: "an account since removed",
  cancel: "Cancel",
  cancelLabel: (item: string) => `Cancel the scheduled publication of ${item}`,
  problems: {
    missing: "Choose the day and time to publish them at.",
    "not-a-time": "That is not a day and time that exists. Choose one with the calendar, such as 26/11/2026, 18:30.",
    past: "That time has passed. Choose a time later than now, in India time.",
    "too-far": "Choose a time within a year from now.",
  } satisfies Record<ScheduleProblem, string>,
};

/** How a photo field names the photos it offers. */
export const photoOptionText = {
  own: (name: string) => `${name} (in the site's files)`,
  library: (file: string, place: string, when: string) => `${file}, for ${place}, uploaded ${when}`,
};

/** The languages the site is translated into, as the staff area names them. */
export const translationNames: Readonly<Record<Translation, string>> = { hi: "Hindi" };

/** The site's page: which pages have a version in a language now, and which wait for their translation. */
export const translatedPagesText = {
  heading: (language: string) => `Pages in ${language}`,
  intro: (language: string) =>
    `A page has its ${language} version once every text it shows is translated and published; until then its ${language} address does not exist and visitors read it in English.`,
  unnamed: (count: number, language: string) =>
    `No page is in ${language} yet: every page's menus list the services, and ${count === 1 ? "1 service's name is" : `${count} services' names are`} not yet translated.`,
  translateNames: "Translate the services' names",
  ready: (language: string) => `In ${language} now`,
  noneReady: "None yet.",
  noneWaiting: (language: string) => `None: every page is in ${language} too.`,
  waiting: "Waiting for a translation",
  texts: (count: number) => (count === 1 ? "1 text to translate" : `${count} texts to translate`),
  afterNames: "once the services' names are translated",
  service: (title: string) => `Service: ${title}`,
  /** The pages that show no text of their own, only the frame's. */
  framePages: {
    [paths.contact]: "Contact page",
    [paths.quote]: "Quote request",
    [paths.services]: "List of services",
  } as Readonly<Record<string, string>>,
};
