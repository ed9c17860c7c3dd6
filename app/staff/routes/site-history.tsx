import { data, redirect } from "react-router";
import { ABILITY_TO_CHANGE, isContentItem } from "../../server/content/items.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { may } from "../../server/staff/roles.ts";
import { StaffPage } from "../components/staff-page.tsx";
import { siteEditorText, historyText as text, versionStateLabels } from "../content/site-editor.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { requireStaff } from "../lib/require-staff.server.ts";
import { differences, recordSiteChange, refuseUnless, versionSummary } from "../lib/site-editor.server.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/site-history";

function editedItem(item: string | undefined) {
  // The staff area's "not found" page, for an item the site does not have.
  if (!isContentItem(item)) throw data(null, { status: 404 });
  return item;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireStaff(request);
  const item = editedItem(params.item);
  const content = siteServices().siteContent;
  const [{ published }, versions] = await Promise.all([content.state(item), content.history(item)]);
  return {
    member,
    item,
    mayChange: may(member.role, ABILITY_TO_CHANGE[item]),
    versions: versions.map((version) => ({
      ...versionSummary(version),
      changes: differences(version.body, published.body),
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const member = await requireStaff(request);
  const item = editedItem(params.item);
  refuseUnless(member, ABILITY_TO_CHANGE[item]);
  const fields = await readStaffForm(request, ["version"]);
  const content = siteServices().siteContent;
  const chosen = fields && (await content.version(item, Number(fields.version)));
  if (!chosen) throw data(siteEditorText.unreadable, { status: 400 });
  const { published, draft } = await content.state(item);
  const outcome = await content.saveDraft(item, chosen.body, {
    basedOn: (draft ?? published).version,
    by: member.id,
  });
  if ("saved" in outcome) {
    await recordSiteChange(
      member,
      "site version restored",
      `${item} version ${chosen.version} as ${outcome.saved.version}`,
    );
  }
  return redirect(`${staffPaths.siteItem(item)}?notice=restored`, 303);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = ({ loaderData: loaded }) =>
  staffPageMeta(text.title(siteEditorText.items[loaded?.item ?? ""] ?? ""));

export default function SiteHistory({ loaderData }: Route.ComponentProps) {
  const { member, item, versions, mayChange } = loaderData;
  const name = siteEditorText.items[item] ?? item;
  return (
    <StaffPage staff={member} back={{ href: staffPaths.siteItem(item), label: name }}>
      <h1>{text.heading(name)}</h1>
      <table className="site-table">
        <thead>
          <tr>
            <th scope="col">{text.version}</th>
            <th scope="col">{text.state}</th>
            <th scope="col">{text.changes}</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.version}>
              <th scope="row">{version.version}</th>
              <td>
                <p>{versionStateLabels[version.state]}</p>
                <p>
                  {text.saved}: {version.saved}, {version.savedBy ?? text.fromFiles}
                </p>
                {version.published && (
                  <p>
                    {text.publishedWhen}: {version.published}
                    {version.publishedBy ? `, ${version.publishedBy}` : ""}
                  </p>
                )}
              </td>
              <td>
                {version.changes.length === 0 ? (
                  <p>{text.noChanges}</p>
                ) : (
                  <ul>
                    {version.changes.map((change) => (
                      <li key={change.path}>
                        {change.path}: <del>{change.was}</del> <ins>{change.now}</ins>
                      </li>
                    ))}
                  </ul>
                )}
                {mayChange && version.changes.length > 0 && (
                  <form method="post" action={staffPaths.siteHistory(item)} className="staff-form staff-form--inline">
                    <input type="hidden" name="version" value={version.version} />
                    <button
                      type="submit"
                      className="staff-button staff-button--quiet"
                      aria-label={text.restoreLabel(version.version)}
                    >
                      {text.restore}
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </StaffPage>
  );
}
