import { data, redirect } from "react-router";
import { CONTENT_ITEM_IDS } from "../../server/content/items.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { may } from "../../server/staff/roles.ts";
import { StaffField } from "../components/staff-field.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { previewText, siteEditorText as text } from "../content/site-editor.ts";
import { sitePhotosText } from "../content/site-photos.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { requireStaff } from "../lib/require-staff.server.ts";
import { recordSiteChange, refuseUnless, versionSummary } from "../lib/site-editor.server.ts";
import { readSiteNotice } from "../lib/site-editor.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/site";

const choice = (item: string) => `publish-${item}`;

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireStaff(request);
  const content = siteServices().siteContent;
  const items = await Promise.all(
    CONTENT_ITEM_IDS.map(async (item) => {
      const { published, draft } = await content.state(item);
      return { item, published: versionSummary(published), draft: draft ? versionSummary(draft) : null };
    }),
  );
  return { member, items, mayPublish: may(member.role, "canPublish"), notice: readSiteNotice(request) };
}

export async function action({ request }: Route.ActionArgs) {
  const member = await requireStaff(request);
  refuseUnless(member, "canPublish");
  const fields = await readStaffForm(request, CONTENT_ITEM_IDS.map(choice));
  if (!fields) throw data(text.unreadable, { status: 400 });
  const chosen = CONTENT_ITEM_IDS.filter((item) => fields[choice(item)] === "yes");
  if (chosen.length === 0) return data({ problem: text.nothingChosen }, { status: 400 });
  const publication = await siteServices().siteContent.publish(chosen, member.id);
  if (publication) {
    await siteServices().publishedContent.refresh();
    await recordSiteChange(member, "site published", `${chosen.join(", ")} (publication ${publication})`);
  }
  return redirect(`${staffPaths.site}?notice=published`, 303);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = () => staffPageMeta(text.title);

export default function Site({ loaderData, actionData }: Route.ComponentProps) {
  const { member, items, mayPublish } = loaderData;
  const notice = actionData ? null : loaderData.notice;
  const drafts = items.filter((entry) => entry.draft);
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
          {items.map(({ item, published, draft }) => (
            <tr key={item}>
              <th scope="row">
                <a href={staffPaths.siteItem(item)}>{text.items[item]}</a>
              </th>
              <td>
                <p>{text.published(published.published ?? published.saved, published.publishedBy)}</p>
                {draft && <p>{text.draft(draft.saved, draft.savedBy)}</p>}
                <p>
                  <a href={staffPaths.siteHistory(item)}>{text.history}</a>
                </p>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {mayPublish && drafts.length > 0 && (
        <form method="post" action={staffPaths.site} className="staff-form">
          {actionData?.problem && (
            <p className="staff-notice staff-notice--warning" role="alert">
              {actionData.problem}
            </p>
          )}
          {drafts.map(({ item }) => (
            <StaffField key={item} id={choice(item)} label={text.publishLabel(text.items[item] ?? item)} check>
              {(described) => (
                <input id={choice(item)} type="checkbox" name={choice(item)} value="yes" {...described} />
              )}
            </StaffField>
          ))}
          <button type="submit" className="staff-button">
            {text.publishChosen}
          </button>
        </form>
      )}
    </StaffPage>
  );
}
