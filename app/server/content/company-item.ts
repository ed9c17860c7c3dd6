import * as v from "valibot";
import { internationalDigits } from "../contact/indian-phone.ts";
import { lineSchema } from "./shapes.ts";

/**
 * The company's details as the owner edits them: the one place that names the
 * business and how to reach it. One schema checks the editor's form on the
 * server, an imported file and the seed the site starts from.
 */

/** Why a field was refused; the staff area words each. */
export type CompanyProblem = "missing" | "too-long" | "one-line" | "email" | "phone" | "address" | "pin";

export const SOCIAL_NETWORKS = ["Facebook", "Instagram", "LinkedIn", "YouTube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The editor's fields, in the order the form shows them. */
export const COMPANY_FIELDS = [
  "name",
  "legalName",
  "tagline",
  "summary",
  "phone",
  "whatsapp",
  "email",
  "hours",
  "street",
  "city",
  "region",
  "postalCode",
  "mapLink",
  "origin",
  "grievanceName",
  "grievanceEmail",
  "grievancePhone",
  ...SOCIAL_NETWORKS,
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** How long each field may be: what the header, footer and a mail's signature have room for. */
export const COMPANY_LIMITS: Readonly<Record<CompanyField, number>> = {
  name: 60,
  legalName: 100,
  tagline: 80,
  summary: 160,
  phone: 20,
  whatsapp: 20,
  email: 100,
  hours: 80,
  street: 100,
  city: 40,
  region: 40,
  postalCode: 6,
  mapLink: 300,
  origin: 100,
  grievanceName: 60,
  grievanceEmail: 100,
  grievancePhone: 20,
  Facebook: 200,
  Instagram: 200,
  LinkedIn: 200,
  YouTube: 200,
};

const OPTIONAL: ReadonlySet<CompanyField> = new Set(["tagline", "summary", "mapLink", ...SOCIAL_NETWORKS]);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+\d{8,15}$/;

/** One line of text, as every item's: its problems are the company's too ("missing", "too-long", "one-line"). */
const line = (limit: number, optional = false) => lineSchema(limit, optional);

/** A web address of the public internet, https only: http pages and javascript: links are refused. */
function webAddress(limit: number, optional: boolean) {
  return v.pipe(
    line(limit, optional),
    v.check((value) => (optional && value === "") || isHttpsAddress(value), "address" satisfies CompanyProblem),
  );
}

function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

const phoneSchema = v.object({
  display: line(COMPANY_LIMITS.phone),
  e164: v.pipe(v.string("phone" satisfies CompanyProblem), v.regex(E164, "phone" satisfies CompanyProblem)),
});

const emailSchema = v.pipe(line(COMPANY_LIMITS.email), v.regex(EMAIL, "email" satisfies CompanyProblem));

export const companySchema = v.object({
  name: line(COMPANY_LIMITS.name),
  legalName: line(COMPANY_LIMITS.legalName),
  tagline: line(COMPANY_LIMITS.tagline, true),
  /** What the company makes, in a sentence, under its name in the footer; versions saved before it existed have none. */
  summary: v.optional(line(COMPANY_LIMITS.summary, true), ""),
  phone: phoneSchema,
  whatsapp: v.object({
    e164: v.pipe(v.string("phone" satisfies CompanyProblem), v.regex(/^\d{8,15}$/, "phone" satisfies CompanyProblem)),
  }),
  email: emailSchema,
  address: v.object({
    street: line(COMPANY_LIMITS.street),
    city: line(COMPANY_LIMITS.city),
    region: line(COMPANY_LIMITS.region),
    postalCode: v.pipe(line(COMPANY_LIMITS.postalCode), v.regex(/^[1-9]\d{5}$/, "pin" satisfies CompanyProblem)),
    country: v.literal("India"),
    countryCode: v.literal("IN"),
  }),
  areaServed: v.string(),
  hours: line(COMPANY_LIMITS.hours),
  mapLink: v.optional(webAddress(COMPANY_LIMITS.mapLink, true), ""),
  origin: v.pipe(
    webAddress(COMPANY_LIMITS.origin, false),
    v.check((value) => new URL(value).pathname === "/" && !value.endsWith("/"), "address" satisfies CompanyProblem),
  ),
  grievance: v.object({ name: line(COMPANY_LIMITS.grievanceName), email: emailSchema, phone: phoneSchema }),
  socials: v.array(v.object({ network: v.picklist(SOCIAL_NETWORKS), url: webAddress(200, false) })),
});

export type CompanySettings = v.InferOutput<typeof companySchema>;

/** Where each of the form's fields is in the item, so a refusal is shown beside its field. */
const FIELD_PATHS: Readonly<Record<Exclude<CompanyField, SocialNetwork>, readonly string[]>> = {
  name: ["name"],
  legalName: ["legalName"],
  tagline: ["tagline"],
  summary: ["summary"],
  phone: ["phone"],
  whatsapp: ["whatsapp"],
  email: ["email"],
  hours: ["hours"],
  street: ["address", "street"],
  city: ["address", "city"],
  region: ["address", "region"],
  postalCode: ["address", "postalCode"],
  mapLink: ["mapLink"],
  origin: ["origin"],
  grievanceName: ["grievance", "name"],
  grievanceEmail: ["grievance", "email"],
  grievancePhone: ["grievance", "phone"],
};

/** The form's values for an item, as the editor opens it. */
export function companyFormValues(company: CompanySettings): Record<CompanyField, string> {
  const social = (network: SocialNetwork) => company.socials.find((entry) => entry.network === network)?.url ?? "";
  return {
    name: company.name,
    legalName: company.legalName,
    tagline: company.tagline,
    summary: company.summary,
    phone: company.phone.display,
    whatsapp: company.whatsapp.e164 ? `+${company.whatsapp.e164}` : "",
    email: company.email,
    hours: company.hours,
    street: company.address.street,
    city: company.address.city,
    region: company.address.region,
    postalCode: company.address.postalCode,
    mapLink: company.mapLink,
    origin: company.origin,
    grievanceName: company.grievance.name,
    grievanceEmail: company.grievance.email,
    grievancePhone: company.grievance.phone.display,
    Facebook: social("Facebook"),
    Instagram: social("Instagram"),
    LinkedIn: social("LinkedIn"),
    YouTube: social("YouTube"),
  };
}

export type CompanyFormResult =
  | { company: CompanySettings }
  | { problems: Partial<Record<CompanyField, CompanyProblem>> };

/**
 * Reads the editor's form into the item, or says what is wrong with each field.
 * `current` gives what the form does not edit (the area served).
 */
export function readCompanyForm(
  fields: Readonly<Partial<Record<CompanyField, string>>>,
  current: CompanySettings,
): CompanyFormResult {
  const value = (field: CompanyField) => (fields[field] ?? "").trim();
  const phone = (field: CompanyField) => {
    const digits = internationalDigits(value(field));
    return { display: value(field), e164: digits ? `+${digits}` : "" };
  };
  const item = {
    name: value("name"),
    legalName: value("legalName"),
    tagline: value("tagline"),
    summary: value("summary"),
    phone: phone("phone"),
    whatsapp: { e164: internationalDigits(value("whatsapp")) ?? "" },
    email: value("email"),
    address: {
      street: value("street"),
      city: value("city"),
      region: value("region"),
      postalCode: value("postalCode"),
      country: "India",
      countryCode: "IN",
    },
    areaServed: current.areaServed,
    hours: value("hours"),
    mapLink: value("mapLink"),
    origin: value("origin").replace(/\/+$/, ""),
    grievance: { name: value("grievanceName"), email: value("grievanceEmail"), phone: phone("grievancePhone") },
    socials: SOCIAL_NETWORKS.filter((network) => value(network) !== "").map((network) => ({
      network,
      url: value(network),
    })),
  };
  const problems: Partial<Record<CompanyField, CompanyProblem>> = {};
  for (const field of COMPANY_FIELDS) {
    if (!OPTIONAL.has(field) && value(field) === "") problems[field] = "missing";
  }
  const result = v.safeParse(companySchema, item);
  if (result.success && Object.keys(problems).length === 0) return { company: result.output };
  for (const issue of result.success ? [] : result.issues) {
    const field = fieldOf(issue.path?.map((step) => String(step.key)) ?? [], item.socials);
    if (field && !problems[field]) problems[field] = issue.message as CompanyProblem;
  }
  return { problems };
}

function fieldOf(path: readonly string[], socials: readonly { network: SocialNetwork }[]): CompanyField | undefined {
  if (path[0] === "socials") return socials[Number(path[1])]?.network;
  return (Object.keys(FIELD_PATHS) as (keyof typeof FIELD_PATHS)[]).find((field) =>
    FIELD_PATHS[field].every((step, index) => path[index] === step),
  );
}
