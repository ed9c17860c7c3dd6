import type { CompanyDetails } from "./company.ts";
import type { ServiceCatalog } from "./contact/catalog.ts";
import type { QuoteFormContent } from "./contact/quote-spec.ts";
import type { ItemBodies } from "./content/items.ts";
import type { Language } from "./content/languages.ts";
import type { InboxWords } from "./inbox/statuses.ts";
import type { AcknowledgementWords } from "./mail/acknowledgement-words.ts";
import type { BillingSettings } from "./quotations/billing.ts";
import type { StaffWords } from "./staff/password-limits.ts";
import type { StaffLinks } from "./staff/staff-links.ts";
import type { ArtworkRefusalWords } from "./uploads/artwork-kinds.ts";

/**
 * What the services are handed when they start: the company's details, the
 * staff area's addresses and the words of what they write (mails, the
 * quotation's PDF). The domain owns these shapes and the areas fill them
 * (app/service-content.server.ts), so app/server imports nothing of an area,
 * and words can become editable and translated without touching a rule.
 */
export type ServiceContent = {
  readonly company: CompanyDetails;
  readonly staffLinks: StaffLinks;
  /** The account page's buttons a notice to staff tells them to press, named as the page names them. */
  readonly accountButtons: AccountButtonWords;
  /** The catalog's services, by slug and name: an inquiry names the one it was opened from. */
  readonly services: ServiceCatalog;
  /** The inbox's statuses, spam reasons and mails by name, as the audit log and the spam tray keep them. */
  readonly inbox: InboxWords;
  /** What staff are told when a sign-in or a new password is refused. */
  readonly staff: StaffWords;
  /** The company's tax, bank and quotation settings, as every quotation states them. */
  readonly billing: BillingSettings;
  /** What a refused artwork file is refused with, in the quote form's words. */
  readonly artworkRefusals: ArtworkRefusalWords;
  /** The acknowledgement a visitor gets, in each language of the pages they may write from. */
  readonly acknowledgements: Readonly<Record<Language, AcknowledgementWords>>;
  /** The quote form's questions and words: a request's particulars are kept, shown and checked in them. */
  readonly quoteForm: QuoteFormContent;
  /** What each item the owner edits starts from on a fresh database: the content in the site's files. */
  readonly seeds: ContentSeeds;
  /**
   * The address of every page the site has with these services shown, such
   * as /services/cake: a link the owner writes must be one of them.
   */
  readonly pages: (services: readonly { readonly slug: string }[]) => readonly string[];
  /** The names of the photographs in the site's files, which an item may name beside the library's. */
  readonly sitePhotos: readonly string[];
};

export type ContentSeeds = Readonly<ItemBodies>;

export type AccountButtonWords = { readonly signOutEverywhere: string; readonly removePasskeysToo: string };
