import type { CompanySettings } from "../../server/content/company-item.ts";

/**
 * Company settings: the one place that names the business and how to reach it.
 *
 * PLACEHOLDER VALUES: every value below is a neutral stand-in, to be replaced
 * with the company's real details before the site goes live.
 */
export const site = {
  name: "Example Print & Pack",
  legalName: "Example Print & Pack Pvt. Ltd.",
  tagline: "Printing and packaging, made in India",
  summary: "Packaging boxes, commercial print and branding materials for businesses across India.",
  phone: { display: "+91 98765 43210", e164: "+919876543210" },
  whatsapp: { e164: "919876543210" },
  email: "hello@example.com",
  address: {
    street: "Plot 00, Industrial Area Phase II",
    city: "Chandigarh",
    region: "Chandigarh",
    postalCode: "160002",
    country: "India",
    countryCode: "IN",
  },
  areaServed: "India",
  hours: "Monday to Saturday, 9:30 am to 6:30 pm",
  origin: "https://www.example.com",
  /**
   * Whom visitors write to about their personal data: to see, correct or erase
   * it, or to complain (India's Digital Personal Data Protection Act, 2023).
   * The privacy notice names them.
   */
  grievance: {
    name: "Grievance Officer",
    email: "privacy@example.com",
    phone: { display: "+91 98765 43210", e164: "+919876543210" },
  },
  socials: [
    { network: "Facebook", url: "https://www.facebook.com/example" },
    { network: "Instagram", url: "https://www.instagram.com/example" },
    { network: "LinkedIn", url: "https://www.linkedin.com/company/example" },
    { network: "YouTube", url: "https://www.youtube.com/@example" },
  ],
} as const;

/**
 * The details above in the shape the owner edits them: what a fresh database
 * starts from, and what a page shows where no published version is at hand
 * (the build's prerendering, a unit test).
 */
export const companySeed: CompanySettings = { mapLink: "", ...site, socials: [...site.socials] };
