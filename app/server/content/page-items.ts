import type { GroupShape, PhotoChoice } from "./shapes.ts";

/**
 * The pages' texts the company edits, each as a shape (shapes.ts): its fields,
 * their kinds and the lengths the layout has room for. The words that label
 * them are the staff area's; the seeds are the site's files.
 */

/** The icons the why-choose-us grid can show beside a reason. */
export const REASON_ICONS = ["press", "quality", "clock", "truck", "leaf", "rupee"] as const;
export type ReasonIcon = (typeof REASON_ICONS)[number];

const answer = { kind: "text", max: 2000, markdown: true } as const;

export const homeShape = {
  kicker: { kind: "line", max: 60 },
  heading: { kind: "line", max: 80 },
  lead: { kind: "text", max: 240 },
  primaryLabel: { kind: "line", max: 30 },
  primaryPage: { kind: "page" },
  secondaryLabel: { kind: "line", max: 30 },
  secondaryPage: { kind: "page" },
  photo: { kind: "photo", place: "hero" },
  reasons: {
    kind: "list",
    minItems: 3,
    maxItems: 9,
    of: {
      icon: { kind: "choice", options: REASON_ICONS },
      title: { kind: "line", max: 40 },
      text: { kind: "line", max: 140 },
    },
  },
  testimonials: {
    kind: "list",
    minItems: 1,
    maxItems: 9,
    of: { name: { kind: "line", max: 60 }, role: { kind: "line", max: 80 }, quote: { kind: "text", max: 300 } },
  },
} as const satisfies GroupShape;

export type HomeContent = {
  kicker: string;
  heading: string;
  lead: string;
  primaryLabel: string;
  primaryPage: string;
  secondaryLabel: string;
  secondaryPage: string;
  photo: PhotoChoice | null;
  reasons: readonly { icon: ReasonIcon; title: string; text: string }[];
  testimonials: readonly { name: string; role: string; quote: string }[];
};

export const aboutShape = {
  intro: { kind: "text", max: 3000, markdown: true },
  photo: { kind: "photo", place: "about" },
  figures: {
    kind: "list",
    minItems: 0,
    maxItems: 6,
    of: { value: { kind: "line", max: 12, fixed: true }, label: { kind: "line", max: 40 } },
  },
  facilities: { kind: "lines", max: 140, maxItems: 10 },
  values: {
    kind: "list",
    minItems: 0,
    maxItems: 6,
    of: { title: { kind: "line", max: 40 }, text: { kind: "line", max: 160 } },
  },
} as const satisfies GroupShape;

export type AboutContent = {
  intro: string;
  photo: PhotoChoice | null;
  figures: readonly { value: string; label: string }[];
  facilities: readonly string[];
  values: readonly { title: string; text: string }[];
};

/** The product page: the service it features, and a few words above it. */
export const productShape = {
  intro: { kind: "text", max: 1000, markdown: true, optional: true },
  featured: { kind: "page" },
} as const satisfies GroupShape;

export type ProductContent = { intro: string; featured: string };

export const faqShape = {
  questions: {
    kind: "list",
    minItems: 1,
    maxItems: 30,
    of: { question: { kind: "line", max: 160 }, answer },
  },
} as const satisfies GroupShape;

export type FaqContent = { questions: readonly { question: string; answer: string }[] };

const sections = {
  kind: "list",
  minItems: 1,
  maxItems: 20,
  of: { heading: { kind: "line", max: 100 }, body: { kind: "text", max: 4000, markdown: true } },
} as const;

export const termsShape = {
  lastUpdated: { kind: "line", max: 10, fixed: true },
  sections,
} as const satisfies GroupShape;

/**
 * The privacy notice: its sections, where the settings the server runs with
 * are written as placeholders (PRIVACY_PLACEHOLDERS) so what it says stays
 * true when they change; and whether the company's lawyer has reviewed it.
 */
export const privacyShape = {
  lastUpdated: { kind: "line", max: 10, fixed: true },
  reviewed: { kind: "flag" },
  sections,
} as const satisfies GroupShape;

export type LegalContent = { lastUpdated: string; sections: readonly { heading: string; body: string }[] };
export type PrivacyContent = LegalContent & { reviewed: boolean };

/** What the privacy notice's placeholders stand for, filled in when the page is rendered. */
export const PRIVACY_PLACEHOLDERS = [
  "retention",
  "spam-kept",
  "inbox",
  "legal-name",
  "address",
  "grievance-name",
  "grievance-email",
  "grievance-phone",
] as const;
export type PrivacyPlaceholder = (typeof PRIVACY_PLACEHOLDERS)[number];

/** The placeholders a text names that are not one of PRIVACY_PLACEHOLDERS. */
export function unknownPlaceholders(text: string): string[] {
  const named = [...text.matchAll(/\{([a-z-]+)\}/g)].map((match) => match[1] as string);
  return named.filter((name) => !(PRIVACY_PLACEHOLDERS as readonly string[]).includes(name));
}

/** A text with its placeholders filled in. */
export function fillPlaceholders(text: string, values: Readonly<Record<PrivacyPlaceholder, string>>): string {
  return text.replace(/\{([a-z-]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as PrivacyPlaceholder] : whole,
  );
}

/** A day as the legal pages give their last update: YYYY-MM-DD. */
export function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}
