import type { BoxStyle } from "../../server/contact/quote-spec.ts";
import type { ShapedItem } from "../../server/content/items.ts";
import type { Translation } from "../../server/content/languages.ts";
import type { ServiceDrawing, ServiceGroupId } from "../../server/content/services-item.ts";
import type { FieldProblem } from "../../server/content/shapes.ts";
import { translationNames } from "./site-editor.ts";

/**
 * The words of the editors drawn from an item's shape: each item's title and
 * introduction, each field's label and hint by its place in the item (a list's
 * fields as `list.field`), and what a list's entries are called.
 */

type FieldWords = { label: string; hint?: string };
type ListWords = {
  entry: (number: number) => string;
  add: string;
  /** Each entry folded under its name, opened by a tap: for lists of many long entries. */
  folded?: (entry: Readonly<Record<string, unknown>>) => string;
};

export type ShapedItemWords = {
  title: string;
  intro: string;
  fields: Readonly<Record<string, FieldWords>>;
  lists?: Readonly<Record<string, ListWords>>;
  /** Words for a choice's options, by field. */
  options?: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

const markdownHint =
  "A blank line starts a new paragraph. **bold**, *italics*, a list with - at the start of each line, and a link as [words](/services/cake) to a page of this site or [words](https://example.com).";

const pageHint = "A page of this site, such as /services or /quote.";

const photoFields = (place: string) => ({
  photo: { label: `Photo (${place})`, hint: "Upload photos in the photo library first. None: the drawing is shown." },
  "photo.alt": { label: "What the photo shows", hint: "For visitors who cannot see it. Required with a photo." },
  "photo.focusX": { label: "Point to keep in view, across (%)", hint: "0 is the left edge, 100 the right." },
  "photo.focusY": { label: "Point to keep in view, down (%)", hint: "0 is the top, 100 the bottom." },
});

function prefixed(prefix: string, words: Record<string, FieldWords>): Record<string, FieldWords> {
  return Object.fromEntries(Object.entries(words).map(([key, value]) => [`${prefix}${key}`, value]));
}

const legalSections = {
  lastUpdated: { label: "Last updated", hint: "The day, as YYYY-MM-DD." },
  "sections.heading": { label: "Heading" },
  "sections.body": { label: "Text", hint: markdownHint },
};

const sectionList = { entry: (number: number) => `Section ${number}`, add: "Add a section" };

const groupNames: Record<ServiceGroupId, string> = {
  "paper-packaging": "Paper Packaging",
  "commercial-printing": "Commercial Printing",
  "branding-materials": "Branding Materials",
};

const drawingNames: Record<ServiceDrawing, string> = {
  box: "Box",
  cake: "Cake box",
  carton: "Carton",
  bags: "Paper bags",
  poster: "Poster",
  leaflet: "Leaflet",
  catalog: "Catalog",
  pamphlet: "Pamphlet",
  folder: "Folder",
  brochure: "Brochure",
  diary: "Diary",
  calender: "Calendar",
  standee: "Standee",
  sunboard: "Sunboard",
  flex: "Flex banner",
};

const styleNames: Record<BoxStyle, string> = {
  tuckEnd: "Reverse tuck end",
  crashLock: "Crash-lock bottom",
  topAndBottom: "Top and bottom",
  sleeve: "Sleeve",
  pizza: "Pizza box",
  cake: "Cake box",
  cakeWindow: "Cake box with window",
  rigid: "Rigid box",
  mailer: "Corrugated mailer",
  monoCarton: "Mono carton",
  bag: "Paper bag",
};

export const shapedItemWords: Readonly<Record<ShapedItem, ShapedItemWords>> = {
  services: {
    title: "Services",
    intro:
      "Every service the site offers: its page, its card, and the questions its quote form asks. A hidden service stays here but visitors see it nowhere; a new one gets its page at /services/ and the address segment you give it.",
    fields: {
      "services.title": { label: "Name" },
      "services.slug": {
        label: "Address segment",
        hint: "Lower-case letters, digits and hyphens: the page is /services/ followed by this. Changing it moves the page.",
      },
      "services.group": { label: "Group" },
      "services.hidden": { label: "Hidden from visitors" },
      "services.short": { label: "Summary", hint: "One line, on its card." },
      "services.description": { label: "Description", hint: markdownHint },
      "services.features": { label: "Features", hint: "One per line." },
      "services.uses": { label: "Used for", hint: "One per line." },
      ...prefixed("services.", photoFields("on its card and page")),
      "services.drawing": { label: "Drawing shown without a photo" },
      "services.hsn": {
        label: "HSN code",
        hint: "4 to 8 digits: a quotation line for it starts with this code and its rate.",
      },
      "services.quoteGroup": { label: "Quote form asks about" },
      "services.styles": { label: "Box styles offered" },
      "services.handle": { label: "Ask about handles (bags)" },
      "services.sizes": { label: "Sizes offered (paper)", hint: "One per line, such as A4." },
      "services.pages": { label: "Ask for the number of pages" },
      "services.bindings": { label: "Bindings offered (paper)", hint: "One per line." },
      "services.materials": { label: "Materials offered (large format)", hint: "One per line." },
    },
    lists: {
      services: {
        entry: (number) => `Service ${number}`,
        add: "Add a service",
        folded: (entry) => `${String(entry.title || "New service")}${entry.hidden ? " (hidden)" : ""}`,
      },
    },
    options: {
      "services.group": groupNames,
      "services.drawing": drawingNames,
      "services.styles": styleNames,
      "services.quoteGroup": { box: "Boxes and bags", paper: "Paper and print", "large-format": "Large format" },
    },
  },
  home: {
    title: "Home page",
    intro: "The home page's first view, the reasons to choose the company and what customers say.",
    fields: {
      kicker: { label: "Line above the heading" },
      heading: { label: "Heading" },
      lead: { label: "Introduction" },
      primaryLabel: { label: "First button's words" },
      primaryPage: { label: "First button's page", hint: pageHint },
      secondaryLabel: { label: "Second button's words" },
      secondaryPage: { label: "Second button's page", hint: pageHint },
      ...photoFields("beside the heading"),
      "reasons.icon": { label: "Icon" },
      "reasons.title": { label: "Title" },
      "reasons.text": { label: "Text" },
      "testimonials.name": { label: "Name" },
      "testimonials.role": { label: "Who they are" },
      "testimonials.quote": { label: "What they say" },
    },
    lists: {
      reasons: { entry: (number) => `Reason ${number}`, add: "Add a reason" },
      testimonials: { entry: (number) => `Testimonial ${number}`, add: "Add a testimonial" },
    },
    options: {
      "reasons.icon": {
        press: "Printing press",
        quality: "Tick",
        clock: "Clock",
        truck: "Truck",
        leaf: "Leaf",
        rupee: "Rupee",
      },
    },
  },
  about: {
    title: "About page",
    intro: "Who the company is, in words and figures.",
    fields: {
      intro: { label: "Who we are", hint: markdownHint },
      ...photoFields("above “Who we are”"),
      "figures.value": { label: "Figure", hint: "Such as 15+ or 50 lakh." },
      "figures.label": { label: "What it counts" },
      facilities: { label: "Our facilities", hint: "One per line." },
      "values.title": { label: "Title" },
      "values.text": { label: "Text" },
    },
    lists: {
      figures: { entry: (number) => `Figure ${number}`, add: "Add a figure" },
      values: { entry: (number) => `Value ${number}`, add: "Add a value" },
    },
  },
  product: {
    title: "Product page",
    intro: "The product the company features, and a few words about it.",
    fields: {
      intro: { label: "Words above the product", hint: markdownHint },
      featured: { label: "The featured service's page", hint: "Such as /services/box." },
    },
  },
  faq: {
    title: "Questions and answers",
    intro: "The FAQ page's questions, in the order shown.",
    fields: {
      "questions.question": { label: "Question" },
      "questions.answer": { label: "Answer", hint: markdownHint },
    },
    lists: { questions: { entry: (number) => `Question ${number}`, add: "Add a question" } },
  },
  terms: {
    title: "Terms and conditions",
    intro: "The terms that apply to quotes, orders, artwork, delivery and payment.",
    fields: legalSections,
    lists: { sections: sectionList },
  },
  privacy: {
    title: "Privacy notice",
    intro:
      "What the site does with visitors' details. Where the notice names a setting, write its placeholder and the page fills it in: {retention} (how long inquiries are kept), {spam-kept}, {inbox} (the address inquiries are mailed to), {legal-name}, {address}, {grievance-name}, {grievance-email}, {grievance-phone}.",
    fields: {
      ...legalSections,
      reviewed: {
        label: "Reviewed by the company's lawyer",
        hint: "Until this is ticked, the page says the notice is a draft.",
      },
    },
    lists: { sections: sectionList },
  },
  billing: {
    title: "Billing and bank details",
    intro:
      "What every quotation states of the company: its GSTIN, bank, UPI ID and the terms a new quotation starts with.",
    fields: {
      gstin: {
        label: "GSTIN",
        hint: "Its first two digits give the company's state, and with it CGST and SGST or IGST.",
      },
      accountName: { label: "Account name" },
      bankName: { label: "Bank" },
      branch: { label: "Branch" },
      accountNumber: { label: "Account number" },
      ifsc: { label: "IFSC" },
      upiId: { label: "UPI ID", hint: "Such as company@okaxis. Leave empty to print none." },
      validityDays: { label: "Days a quotation stays open" },
      leadTime: { label: "Lead time a quotation starts with" },
      paymentTerms: { label: "Payment terms a quotation starts with" },
      deliveryTerms: { label: "Delivery terms a quotation starts with" },
      terms: { label: "Terms printed under every quotation", hint: "One per line." },
    },
  },
};

export const shapedFormText = {
  problemsHeading: "Please check the marked fields",
  saveDraft: "Save draft",
  remove: (entry: string) => `Remove ${entry}`,
  up: (entry: string) => `Move ${entry} up`,
  down: (entry: string) => `Move ${entry} down`,
  noPhoto: "None",
  listChanged: "The list changed. Nothing is saved until you save the draft.",
  /** A translation's label: the field's own, and its language. */
  inLanguage: (label: string, language: Translation) => `${label} in ${translationNames[language]}`,
  translating: (language: Translation) =>
    `Each text has its ${translationNames[language]} beside it; leave that empty until it is translated. A page is shown in ${translationNames[language]} once every text it shows is, and no page is until every service's name is.`,
  untranslated: (count: number, language: Translation) =>
    count === 0
      ? `Every text here is in ${translationNames[language]} too.`
      : `${count === 1 ? "1 text is" : `${count} texts are`} not yet in ${translationNames[language]}.`,
  firstUntranslated: (language: Translation) => `Go to the first text not yet in ${translationNames[language]}`,
  /** Beside a folded entry's name, when some of its texts are not yet translated. */
  entryUntranslated: (count: number, language: Translation) =>
    `${count === 1 ? "1 text" : `${count} texts`} not yet in ${translationNames[language]}`,
  problems: {
    missing: "Fill this in.",
    "too-long": "This is too long for where it is shown.",
    "one-line": "Write this without special characters.",
    "too-many": "There are more than the page has room for.",
    "too-few": "The page needs more than this.",
    choice: "Choose one of the options.",
    page: "This is not a page of this site. Write its address, such as /services.",
    photo: "This photo is not in the library.",
    alt: "Say what the photo shows.",
    focus: "Enter a whole number from 0 to 100.",
    number: "Enter a whole number in the range allowed.",
    day: "Enter the day as YYYY-MM-DD.",
    placeholder: "A placeholder in braces is not one of those listed above.",
    gstin: "This is not a valid GSTIN.",
    ifsc: "Enter the 11-character IFSC, such as SBIN0001234.",
    "account-number": "Enter the account number: 9 to 18 digits.",
    upi: "Enter a UPI ID, such as company@okaxis.",
    slug: "Use lower-case letters, digits and single hyphens, such as gift-box.",
    "slug-taken": "Another service has this address segment.",
    hsn: "Enter an HSN code of 4 to 8 digits.",
    "markdown-heading": "Headings are not shown in this text; use **bold** instead.",
    "markdown-image": "Pictures cannot be placed in this text; use the photo fields.",
    "markdown-code": "Code is not shown in this text.",
    "markdown-other": "Use only paragraphs, lists, links and bold or italic words.",
    link: "A link goes to a page that does not exist. Link to a page of this site (such as /services/cake), an https:// address, mailto: or tel:.",
  } satisfies Record<FieldProblem, string>,
};
