/**
 * The company's details as the domain uses them: in mails, quotations and
 * structured data. Their values are content (today `app/site/content/site.ts`,
 * soon what the owner edits in the staff area), handed to the services at start.
 */
export type CompanyDetails = {
  readonly name: string;
  readonly legalName: string;
  readonly phone: { readonly display: string; readonly e164: string };
  readonly email: string;
  /** When the company answers, as a mail's promise of a reply says it. */
  readonly hours: string;
  readonly address: {
    readonly street: string;
    readonly city: string;
    readonly region: string;
    readonly postalCode: string;
    readonly country: string;
  };
  /** The site's own address, without a trailing slash: links in mails start with it. */
  readonly origin: string;
};

/** The postal address on one line (or one per line, with "\n"), as a mail's signature or a quotation shows it. */
export function formatCompanyAddress(company: CompanyDetails, separator = ", "): string {
  const { street, city, postalCode, country } = company.address;
  return [street, `${city} ${postalCode}`, country].join(separator);
}
