import { CONTENT_ITEM_IDS } from "../../server/content/items.ts";
import { TRANSLATIONS } from "../../server/content/languages.ts";
import { pageTranslations } from "../../server/content/page-translations.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { may } from "../../server/staff/roles.ts";
import { PublishDraftsForm } from "../components/site/publish-drafts-form.tsx";
import { ScheduledPublications } from "../components/site/scheduled-publications.tsx";
import { TranslatedPages } from "../components/site/translated-pages.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { previewText, scheduleText, siteEditorText as text } from "../content/site-editor.ts";
import { sitePhotosText } from "../content/site-photos.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { requireStaff } from "../lib/require-staff.server.ts";
import { versionSummary } from "../lib/site-editor.server.ts";
import { readSiteNotice } from "../lib/site-editor.ts";
import { answerPublishing, scheduledDrafts } from "../lib/site-publishing.server.ts";
import { choiceOf } from "../lib/site-publishing.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/site";

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireStaff(request);
  const { siteContent: content, publishedContent } = siteServices();
  const scheduled = await scheduledDrafts();
  const items = await Promise.all(
    CONTENT_ITEM_IDS.map(async (item) => {
      const { published, draft } = await content.state(item);
      return {
        item,
        published: versionSummary(published),
        draft: draft ? versionSummary(draft) : null,
        scheduledFor: scheduled.find((entry) => entry.item === item)?.when ?? null,
      };
    }),
  );
  // What visitors can read in each language now: the published texts, not the drafts.
  const published = publishedContent.current().items;
  const translations = TRANSLATIONS.map((language) => ({ language, ...pageTranslations(published, language) }));
  return {
    member,
    items,
    translations,
    scheduled,
    mayPublish: may(member.role, "canPublish"),
    notice: readSiteNotice(request),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return answerPublishing(request, await requireStaff(request));
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = () => staffPageMeta(text.title);

export default function Site({ loaderData, actionData }: Route.ComponentProps) {
  const { member, items, translations, scheduled, mayPublish } = loaderData;
  const notice = actionData ? null : loaderData.notice;
  const drafts = items.filter((entry) => entry.draft).map(({ item }) => ({ item, choice: choiceOf(item) }));
  return (
    <StaffPage
      staff={member}
      back={{ href: staffPaths.inbox, label: text.backToInbox }}
      done={notice ? text.notices[notice] : undefined}
    >
      <h1>{text.heading}</h1>
      <p>{text.intro}</p>
      <p>
        <a href={staffPaths.sitePreview}>{previewText.open}</a>
      </p>
      <p>
        <a href={staffPaths.sitePhotos}>{sitePhotosText.linkFromSite}</a>
      </p>
      <table className="site-table">
        <thead>
          <tr>
            <th scope="col">{text.itemHeading}</th>
            <th scope="col">{text.stateHeading}</th>
          </tr>
        </thead>
        <tbody>
          {items.map(({ item, published, draft, scheduledFor }) => (
            <tr key={item}>
              <th scope="row">
                <a href={staffPaths.siteItem(item)}>{text.items[item]}</a>
              </th>
              <td>
                <p>{text.published(published.published ?? published.saved, published.publishedBy)}</p>
                {draft && <p>{text.draft(draft.saved, draft.savedBy)}</p>}
                {scheduledFor && <p>{scheduleText.scheduledFor(scheduledFor)}</p>}
                <p>
                  <a href={staffPaths.siteHistory(item)}>{text.history}</a>
                </p>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {mayPublish && drafts.length > 0 && <PublishDraftsForm drafts={drafts} refused={actionData} />}
      {scheduled.length > 0 && <ScheduledPublications scheduled={scheduled} mayCancel={mayPublish} />}
      {translations.map((translation) => (
        <TranslatedPages key={translation.language} {...translation} />
      ))}
    </StaffPage>
  );
}
