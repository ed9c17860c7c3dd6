import type { BoxStyle, Choice, QuoteFormContent, QuoteSpec } from "../../server/contact/quote-spec.ts";
import { contactFieldProblems, contactFormText } from "./contact-form.ts";
import { type ServiceSlug, services } from "./services.ts";
import { site } from "./site.ts";

/**
 * The quote request: what an estimator needs to price a job, by the kind of
 * product. Each service names its group of fields (and, for boxes, its styles)
 * in quoteSpecs below, so a new service cannot be added without saying how it
 * is specified.
 */

const count = new Intl.NumberFormat("en-IN");

const choices = (...labels: string[]): readonly Choice[] =>
  labels.map((label) => ({
    value: label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, ""),
    label,
  }));

export const boxStyles: Readonly<Record<BoxStyle, string>> = {
  tuckEnd: "Reverse tuck end",
  crashLock: "Crash-lock bottom",
  topAndBottom: "Top and bottom (lid and base)",
  sleeve: "Sleeve",
  pizza: "Pizza box",
  cake: "Cake box",
  cakeWindow: "Cake box with window",
  rigid: "Rigid box",
  mailer: "Corrugated mailer",
  monoCarton: "Mono carton (tuck end)",
  bag: "Paper bag",
};

/** Styles that can have a window cut in; the window question is asked only for them. */
export const stylesWithWindow: readonly BoxStyle[] = ["cake", "cakeWindow", "tuckEnd", "crashLock", "topAndBottom"];

const brochureBindings = ["Folded, no binding", "Centre stitched", "Perfect bound", "Wiro bound"];

/** Keyed by service slug: the type check fails when a service says nothing of how it is quoted. */
export const quoteSpecs: Readonly<Record<ServiceSlug, QuoteSpec<BoxStyle>>> = {
  box: { group: "box", styles: ["tuckEnd", "crashLock", "topAndBottom", "sleeve", "rigid", "mailer"] },
  cake: { group: "box", styles: ["cake", "cakeWindow", "pizza", "topAndBottom"] },
  carton: { group: "box", styles: ["monoCarton", "tuckEnd", "crashLock"] },
  bags: { group: "box", styles: ["bag"], handle: true },
  poster: { group: "paper", sizes: ["A3", "A2", "A1"], pages: false, bindings: [] },
  leaflet: { group: "paper", sizes: ["A4", "A5", "DL"], pages: false, bindings: [] },
  catalog: { group: "paper", sizes: ["A4", "A5"], pages: true, bindings: ["Centre stitched", "Perfect bound"] },
  pamphlet: { group: "paper", sizes: ["A4", "A5", "DL"], pages: false, bindings: ["Folded, no binding"] },
  folder: { group: "paper", sizes: ["A4"], pages: false, bindings: [] },
  brochure: { group: "paper", sizes: ["A4", "A5", "DL"], pages: true, bindings: brochureBindings },
  diary: {
    group: "paper",
    sizes: ["A4", "A5", "B5"],
    pages: true,
    bindings: ["Perfect bound", "Wiro bound", "Case bound"],
  },
  calender: { group: "paper", sizes: ["A3", "A4", "A5"], pages: true, bindings: ["Wiro bound", "Desk stand"] },
  standee: { group: "large-format", materials: ["Roll-up (banner stand)", "Sunboard cut-out", "Flex on frame"] },
  sunboard: { group: "large-format", materials: ["Sunboard 3 mm", "Sunboard 5 mm", "Foam board"] },
  flex: { group: "large-format", materials: ["Frontlit flex", "Backlit flex", "Star flex", "Vinyl"] },
};

export const boxBoards = choices(
  "SBS (solid bleached board)",
  "Duplex board",
  "Kraft board",
  "Corrugated 3-ply",
  "Corrugated 5-ply",
  "Rigid greyboard, wrapped",
);

export const papers = choices("Art paper, gloss", "Art paper, matte", "Maplitho", "Bond paper", "Art card");

export const printColours = choices(
  "No printing",
  "1 colour",
  "2 colours",
  "3 colours",
  "4 colours (CMYK)",
  "CMYK + Pantone",
);

/** Finishes a buyer may tick together; each is its own checkbox. */
export const finishes = [
  { name: "finish_matte", label: "Matte lamination" },
  { name: "finish_gloss", label: "Gloss lamination" },
  { name: "finish_spot_uv", label: "Spot UV" },
  { name: "finish_foil", label: "Foil stamping" },
  { name: "finish_emboss", label: "Embossing" },
] as const;

export const largeFormatFinishes = [
  { name: "finish_eyelets", label: "Eyelets" },
  { name: "finish_frame", label: "Frame" },
  { name: "finish_stand", label: "Stand" },
] as const;

export const quoteFormText = {
  title: "Get a Quote",
  heading: "Get a Quote",
  sent: {
    ...contactFormText.sent,
    title: "Quote Request Sent",
    heading: "Thank you, your quote request has arrived",
    referenceHint: "Please quote it if you call or write to us about this request.",
    next: `An estimator replies with prices within one working day (${site.hours}).`,
    another: "Ask for another quote",
  },
  description:
    "Tell us the product, its size, material and quantities, and an estimator replies with a price within one working day.",
  chooseProduct: "Product",
  chooseProductHint: "Choose the product first: the form then asks what an estimator needs for it.",
  showFields: "Show its fields",
  otherProduct: "Ask about another product instead",
  specHeading: (title: string) => `${title}: specification`,
  orderHeading: "Quantities and delivery",
  contactHeading: "Your details",
  submit: "Send quote request",
  style: "Style",
  length: "Inner length (mm)",
  width: "Inner width (mm)",
  height: "Inner height (mm)",
  board: "Board or material",
  gsm: "Board or paper weight (GSM)",
  gsmHint: "Leave empty if you are not sure: we suggest one.",
  colours: "Printing colours",
  finish: "Finish",
  window: "With a window",
  handle: "Handle",
  handles: choices("Twisted paper handle", "Flat paper handle", "Rope handle", "Die-cut handle"),
  size: "Finished size",
  customSize: "Custom size",
  customWidth: "Custom width (mm)",
  customHeight: "Custom height (mm)",
  pages: "Pages",
  paper: "Paper",
  binding: "Binding",
  material: "Material",
  widthFeet: "Width (feet)",
  heightFeet: "Height (feet)",
  quantity: (tier: number) => (tier === 1 ? "Quantity" : `Quantity ${tier} (optional)`),
  quantityHint: "Up to three quantities, to compare prices.",
  neededBy: "Needed by",
  pinCode: "Delivery PIN code",
  deliversTo: (state: string) => `Delivers to ${state}.`,
  company: "Company name (optional)",
  gstin: "GSTIN (optional)",
  gstinHint: "For a GST invoice: 15 characters, such as 27AAPFU0939F1ZV.",
  gstinProblems: {
    length: "Enter a GSTIN of 15 characters, such as 27AAPFU0939F1ZV",
    pattern:
      "Copy the GSTIN as your GST certificate shows it: two digits, the 10-character PAN, then three characters, such as 27AAPFU0939F1ZV",
    state:
      "The first two digits of a GSTIN are a state code, such as 27 for Maharashtra: check them against your GST certificate",
    check: "This GSTIN's last character does not match the rest: check it for a typing slip",
  },
  pinCodeProblem: "Enter the six-digit PIN code of the delivery address, such as 400001",
  name: "Your name",
  phone: "Phone number",
  email: "E-mail address",
  notes: "Anything else (optional)",
  notesHint: "Such as a sample you want matched, or how it is packed and shipped.",
  subject: (title: string) => `Quote request: ${title}`,
  rows: { quantities: "Quantities", company: "Company", gstin: "GSTIN" },
  problems: {
    missing: (label: string, kind: string) => {
      if (kind === "date") return "Choose the date you need it by";
      const what = label.replace(/ \(.*\)$/, "");
      // "PIN" and "GSM" keep their capitals; an ordinary first word does not.
      const named = /^[A-Z][a-z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what;
      return kind === "choice" ? `Choose the ${named}` : `Enter the ${named}`;
    },
    notANumber: (label: string, whole: boolean, example: number) =>
      `${label}: enter ${whole ? "a whole number" : "a number"}, such as ${example}`,
    atLeast: (label: string, min: number) => `${label}: at least ${count.format(min)}`,
    atMost: (label: string, max: number) => `${label}: at most ${count.format(max)}`,
    notAChoice: (label: string) => `Choose ${label.toLowerCase()} from the list`,
    tick: "Tick the box or leave it empty",
    notADate: "Enter a date, such as 2027-01-31",
    pastDate: "Choose a date from today on",
    tooLong: (max: number) => `Write at most ${count.format(max)} characters`,
    noteCharacters: "Your note has special characters we cannot accept",
    product: "Choose the product from the list",
    customSize: "Enter the custom size in millimetres",
    yes: "Yes",
  },
} as const;

/** Everything the quote form's questions and checks are made of (app/server/contact/quote-spec.ts asks for it). */
export const quoteFormContent: QuoteFormContent = {
  words: quoteFormText,
  contactProblems: contactFieldProblems,
  services,
  specs: quoteSpecs,
  boxStyles,
  stylesWithWindow,
  boxBoards,
  papers,
  printColours,
  finishes,
  largeFormatFinishes,
};
