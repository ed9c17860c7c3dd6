import type { InboxWords, ReportWords } from "../../app/server/inbox/statuses.ts";
import type { StaffContent } from "../../app/server/staff/staff.server.ts";
import { contactFieldProblems } from "../../app/site/content/contact-form.ts";
import { quoteFormContent } from "../../app/site/content/quote-form.ts";
import { services } from "../../app/site/content/services.ts";
import { site } from "../../app/site/content/site.ts";
import { pagePaths } from "../../app/site/content/urls.ts";
import { mailKindLabels, reportWords, spamReasons, statusLabels } from "../../app/staff/content/inbox.ts";
import { replyLabels } from "../../app/staff/content/quotations.ts";
import { staffPasswordText, staffWords } from "../../app/staff/content/sign-in.ts";

/**
 * The areas' words as the running site hands them to the domain
 * (app/service-content.server.ts), for tests of domain code that writes them.
 */
export const inboxWords: InboxWords = {
  statuses: statusLabels,
  spamReasons,
  mails: mailKindLabels,
  replies: replyLabels,
};

export const inquiryReportWords: ReportWords = reportWords({ services, quoteForm: quoteFormContent });

export const staffContent: StaffContent = { words: staffWords, relyingPartyName: site.name };

export const passwordWords = staffPasswordText;

/** The site's pages a visitor may open a form from. */
export const sitePages = pagePaths();

export { contactFieldProblems, quoteFormContent };
