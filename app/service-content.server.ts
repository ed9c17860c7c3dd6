import { contentSeeds } from "./content-seeds.ts";
import type { ServiceContent } from "./server/service-content.ts";
import { artworkText } from "./site/content/artwork.ts";
import { billing } from "./site/content/billing.ts";
import { photoAlts } from "./site/content/photo-alts.ts";
import { quoteFormContent } from "./site/content/quote-form.ts";
import { services } from "./site/content/services.ts";
import { site } from "./site/content/site.ts";
import { pagePaths } from "./site/content/urls.ts";
import { wordsFor } from "./site/lib/catalogues.ts";
import { mailKindLabels, spamReasons, statusLabels } from "./staff/content/inbox.ts";
import { replyLabels } from "./staff/content/quotations.ts";
import { accountText, staffWords } from "./staff/content/sign-in.ts";
import { staffPaths } from "./staff/paths.ts";

const absolute = (path: string) => `${site.origin}${path}`;

/** The areas' content, in the shapes the domain services ask for; app/entry.server.tsx hands it to them at start. */
export const serviceContent: ServiceContent = {
  company: site,
  staffLinks: {
    inbox: absolute(staffPaths.inbox),
    account: absolute(staffPaths.account),
    inquiry: (reference) => absolute(staffPaths.inquiry(reference)),
    setPassword: (token) => absolute(staffPaths.setPassword(token)),
  },
  accountButtons: {
    signOutEverywhere: accountText.signOutEverywhere,
    removePasskeysToo: accountText.removePasskeysToo,
  },
  services,
  inbox: { statuses: statusLabels, spamReasons, mails: mailKindLabels, replies: replyLabels },
  staff: staffWords,
  billing,
  artworkRefusals: artworkText,
  acknowledgements: { en: wordsFor("en").acknowledgement, hi: wordsFor("hi").acknowledgement },
  quoteForm: quoteFormContent,
  seeds: contentSeeds,
  pages: pagePaths,
  sitePhotos: Object.keys(photoAlts),
};
