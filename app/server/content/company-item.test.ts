import * as v from "valibot";
import { describe, expect, test } from "vitest";
import {
  COMPANY_LIMITS,
  type CompanySettings,
  companyFormValues,
  companySchema,
  readCompanyForm,
} from "./company-item.ts";

const seed: CompanySettings = v.parse(companySchema, {
  name: "Example Print & Pack",
  legalName: "Example Print & Pack Pvt. Ltd.",
  tagline: "Printing and packaging, made in India",
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
});

describe("the company's details as the owner edits them", () => {
  test("the form as opened reads back into the same details", () => {
    expect(readCompanyForm(companyFormValues(seed), seed)).toEqual({ company: seed });
  });

  test("a new phone number is kept as typed and dialled with the country code", () => {
    const result = readCompanyForm({ ...companyFormValues(seed), phone: "098140 12345" }, seed);
    expect(result).toMatchObject({ company: { phone: { display: "098140 12345", e164: "+919814012345" } } });
  });

  test("each field's problem is named beside it", () => {
    const result = readCompanyForm(
      {
        ...companyFormValues(seed),
        name: "",
        email: "not an address",
        phone: "12",
        postalCode: "016000",
        Facebook: "javascript:alert(1)",
        mapLink: "http://maps.example.com/x",
        tagline: "x".repeat(COMPANY_LIMITS.tagline + 1),
        city: "Chandigarh\u0007",
      },
      seed,
    );
    expect(result).toEqual({
      problems: {
        name: "missing",
        email: "email",
        phone: "phone",
        postalCode: "pin",
        Facebook: "address",
        mapLink: "address",
        tagline: "too-long",
        city: "one-line",
      },
    });
  });

  test("a social profile left empty is dropped; the others stay in their order", () => {
    const result = readCompanyForm({ ...companyFormValues(seed), Instagram: "" }, seed);
    expect("company" in result && result.company.socials.map((social) => social.network)).toEqual([
      "Facebook",
      "LinkedIn",
      "YouTube",
    ]);
  });

  test("the site's address is a bare origin: a path is refused, a trailing slash dropped", () => {
    expect(readCompanyForm({ ...companyFormValues(seed), origin: "https://www.example.com/shop" }, seed)).toEqual({
      problems: { origin: "address" },
    });
    expect(readCompanyForm({ ...companyFormValues(seed), origin: "https://www.example.com/" }, seed)).toHaveProperty(
      "company.origin",
      "https://www.example.com",
    );
  });
});
