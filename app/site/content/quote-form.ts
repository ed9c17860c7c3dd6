import type { CatalogService } from "../../server/contact/catalog.ts";
import type { BoxStyle, Choice, QuoteFormContent, QuoteSpec, QuoteWords } from "../../server/contact/quote-spec.ts";
import { type ContactFormWords, contactFormWords, contactPageWords, contactProblemsIn } from "./contact-form.ts";
import { message } from "./message.ts";
import { type ServiceSlug, services } from "./services.ts";
import { site } from "./site.ts";
import type { WordsOf } from "./words-of.ts";

/**
 * The quote request: what an estimator needs to price a job, by the kind of
 * product. Each service names its group of fields (and, for boxes, its styles)
 * in quoteSpecs below, so a new service cannot be added without saying how it
 * is specified.
 */

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

/**
 * The quote form's words, as its island shows them: plain strings, with
 * {placeholders} where a message names a field, a product or a number, so
 * that a page in another language can hand the island its own as props. The
 * lists to choose from are keyed by the value the form posts, the same in
 * every language.
 */
export const quoteFormWords = {
  specHeading: "{product}: specification",
  orderHeading: "Quantities and delivery",
  contactHeading: "Your details",
  submit: "Send quote request",
  /** The first, empty option of a list. */
  choose: "Choose…",
  style: "Style",
  length: "Inner length (mm)",
  width: "Inner width (mm)",
  height: "Inner height (mm)",
  board: "Board or material",
  gsm: "Board or paper weight (GSM)",
  gsmHint: "Leave empty if you are not sure: we suggest one.",
  colours: "Printing colours",
  window: "With a window",
  handle: "Handle",
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
  quantity: "Quantity",
  laterQuantity: "Quantity {tier} (optional)",
  quantityHint: "Up to three quantities, to compare prices.",
  neededBy: "Needed by",
  pinCode: "Delivery PIN code",
  deliversTo: "Delivers to {state}.",
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
  subject: "Quote request: {product}",
  rows: { quantities: "Quantities", company: "Company", gstin: "GSTIN" },
  /** {label} is the question's label; {named} the same inside a sentence, without its "(optional)" or first capital. */
  problems: {
    missing: { date: "Choose the date you need it by", choice: "Choose the {named}", other: "Enter the {named}" },
    notANumber: "{label}: enter a number, such as {example}",
    notAWholeNumber: "{label}: enter a whole number, such as {example}",
    atLeast: "{label}: at least {min}",
    atMost: "{label}: at most {max}",
    notAChoice: "Choose {named} from the list",
    tick: "Tick the box or leave it empty",
    notADate: "Enter a date, such as 2027-01-31",
    pastDate: "Choose a date from today on",
    tooLong: "Write at most {max} characters",
    noteCharacters: "Your note has special characters we cannot accept",
    product: "Choose the product from the list",
    customSize: "Enter the custom size in millimetres",
    yes: "Yes",
  },
  boxStyles: {
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
  } satisfies Record<BoxStyle, string>,
  boards: {
    "sbs-solid-bleached-board": "SBS (solid bleached board)",
    "duplex-board": "Duplex board",
    "kraft-board": "Kraft board",
    "corrugated-3-ply": "Corrugated 3-ply",
    "corrugated-5-ply": "Corrugated 5-ply",
    "rigid-greyboard-wrapped": "Rigid greyboard, wrapped",
  },
  papers: {
    "art-paper-gloss": "Art paper, gloss",
    "art-paper-matte": "Art paper, matte",
    maplitho: "Maplitho",
    "bond-paper": "Bond paper",
    "art-card": "Art card",
  },
  printColours: {
    "no-printing": "No printing",
    "1-colour": "1 colour",
    "2-colours": "2 colours",
    "3-colours": "3 colours",
    "4-colours-cmyk": "4 colours (CMYK)",
    "cmyk-pantone": "CMYK + Pantone",
  },
  handles: {
    "twisted-paper-handle": "Twisted paper handle",
    "flat-paper-handle": "Flat paper handle",
    "rope-handle": "Rope handle",
    "die-cut-handle": "Die-cut handle",
  },
  /** Finishes a buyer may tick together; each is its own checkbox, by its name in the post. */
  finishes: {
    finish_matte: "Matte lamination",
    finish_gloss: "Gloss lamination",
    finish_spot_uv: "Spot UV",
    finish_foil: "Foil stamping",
    finish_emboss: "Embossing",
  },
  largeFormatFinishes: { finish_eyelets: "Eyelets", finish_frame: "Frame", finish_stand: "Stand" },
};

export type QuoteFormWords = WordsOf<typeof quoteFormWords>;

const choicesOf = (labels: Readonly<Record<string, string>>): Choice[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const ticksOf = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([name, label]) => ({ name, label }));

/** A label inside a sentence: without its "(optional)", and "Style" as "style" (but "PIN" and "GSM" keep their capitals). */
function named(label: string): string {
  const what = label.replace(/ \(.*\)$/, "");
  return /^[A-Z][a-z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what;
}

const quoteWords = new WeakMap<QuoteFormWords, QuoteWords>();

/** The quote form's questions and messages (quote-spec.ts asks for them) in a language's words, made once for each. */
export function quoteWordsIn(words: QuoteFormWords): QuoteWords {
  const known = quoteWords.get(words);
  if (known) return known;
  const { problems } = words;
  const made: QuoteWords = {
    ...words,
    handles: choicesOf(words.handles),
    quantity: (tier) => (tier === 1 ? words.quantity : message(words.laterQuantity, { tier })),
    subject: (product) => message(words.subject, { product }),
    problems: {
      ...problems,
      missing: (label, kind) =>
        message(
          kind === "date"
            ? problems.missing.date
            : kind === "choice"
              ? problems.missing.choice
              : problems.missing.other,
          {
            named: named(label),
          },
        ),
      notANumber: (label, whole, example) =>
        message(whole ? problems.notAWholeNumber : problems.notANumber, { label, example }),
      atLeast: (label, min) => message(problems.atLeast, { label, min }),
      atMost: (label, max) => message(problems.atMost, { label, max }),
      notAChoice: (label) => message(problems.notAChoice, { named: named(label) }),
      tooLong: (max) => message(problems.tooLong, { max }),
    },
  };
  quoteWords.set(words, made);
  return made;
}

/**
 * Everything the quote form's questions and checks are made of, in a
 * language: its words, the person's fields checked in the contact form's
 * words, and the products (by slug, named in that language) with their
 * specifications.
 */
export function quoteFormContentIn(
  words: { quoteForm: QuoteFormWords; contactForm: Pick<ContactFormWords, "problems"> },
  products: { services: readonly CatalogService[]; specs: Readonly<Record<string, QuoteSpec>> },
): QuoteFormContent {
  const { quoteForm } = words;
  return {
    words: quoteWordsIn(quoteForm),
    contactProblems: contactProblemsIn(words.contactForm),
    services: products.services,
    specs: products.specs,
    boxStyles: quoteForm.boxStyles,
    stylesWithWindow,
    boxBoards: choicesOf(quoteForm.boards),
    papers: choicesOf(quoteForm.papers),
    printColours: choicesOf(quoteForm.printColours),
    finishes: ticksOf(quoteForm.finishes),
    largeFormatFinishes: ticksOf(quoteForm.largeFormatFinishes),
  };
}

/** The quote form in English, with the site's files' products: the services' default, handed to them at start. */
export const quoteFormContent: QuoteFormContent = quoteFormContentIn(
  { quoteForm: quoteFormWords, contactForm: contactFormWords },
  { services, specs: quoteSpecs },
);

/** The quote page's words around the form, rendered on the server. */
export const quotePageWords = {
  title: "Get a Quote",
  heading: "Get a Quote",
  description:
    "Tell us the product, its size, material and quantities, and an estimator replies with a price within one working day.",
  sent: {
    ...contactPageWords.sent,
    title: "Quote Request Sent",
    heading: "Thank you, your quote request has arrived",
    referenceHint: "Please quote it if you call or write to us about this request.",
    next: `An estimator replies with prices within one working day (${site.hours}).`,
    another: "Ask for another quote",
  },
  chooseProduct: "Product",
  chooseProductHint: "Choose the product first: the form then asks what an estimator needs for it.",
  showFields: "Show its fields",
  otherProduct: "Ask about another product instead",
};
