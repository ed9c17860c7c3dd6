import { data, redirect } from "react-router";
import {
  COMPANY_FIELDS,
  type CompanyField,
  type CompanyProblem,
  type CompanySettings,
  companyFormValues,
  readCompanyForm,
} from "../../server/content/company-item.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { may } from "../../server/staff/roles.ts";
import { CompanyForm } from "../components/site/company-form.tsx";
import { ConflictPanel } from "../components/site/conflict-panel.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { previewText, siteEditorText, companyEditorText as text } from "../content/site-editor.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { requireStaff } from "../lib/require-staff.server.ts";
import {
  abilityToChange,
  differences,
  recordSiteChange,
  refuseUnless,
  shownTime,
  versionSummary,
} from "../lib/site-editor.server.ts";
import { readSiteNotice } from "../lib/site-editor.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/site-company";

const ITEM = "company";

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireStaff(request);
  const { published, draft } = await siteServices().siteContent.state(ITEM);
  const editing = draft ?? published;
  return {
    member,
    values: companyFormValues(editing.body as CompanySettings),
    basedOn: editing.version,
    draft: draft ? versionSummary(draft) : null,
    mayChange: may(member.role, abilityToChange(ITEM)),
    mayPublish: may(member.role, "canPublish"),
    notice: readSiteNotice(request),
  };
}

type ActionData = {
  values: Record<CompanyField, string>;
  problems?: Partial<Record<CompanyField, CompanyProblem>>;
  conflict?: { by: string | null; when: string; lines: { path: string; was: string; now: string }[] };
};

export async function action({ request }: Route.ActionArgs) {
  const member = await requireStaff(request);
  const fields = await readStaffForm(request, ["intent", "basedOn", ...COMPANY_FIELDS]);
  const content = siteServices().siteContent;
  if (fields?.intent === "publish") {
    refuseUnless(member, "canPublish");
    const publication = await content.publish([ITEM], member.id);
    if (publication) {
      await siteServices().publishedContent.refresh();
      await recordSiteChange(member, "site published", `${ITEM} (publication ${publication})`);
    }
    return redirect(`${staffPaths.siteItem(ITEM)}?notice=published`, 303);
  }
  refuseUnless(member, abilityToChange(ITEM));
  if (fields?.intent === "discard") {
    if (await content.discardDraft(ITEM)) await recordSiteChange(member, "site draft discarded", ITEM);
    return redirect(`${staffPaths.siteItem(ITEM)}?notice=discarded`, 303);
  }
  if (fields?.intent !== "save") throw data(siteEditorText.unreadable, { status: 400 });
  const values = Object.fromEntries(COMPANY_FIELDS.map((field) => [field, fields[field] ?? ""])) as Record<
    CompanyField,
    string
  >;
  const { published } = await content.state(ITEM);
  const read = readCompanyForm(values, published.body as CompanySettings);
  if ("problems" in read) return data<ActionData>({ values, problems: read.problems }, { status: 400 });
  const outcome = await content.saveDraft(ITEM, read.company, { basedOn: Number(fields.basedOn), by: member.id });
  if ("conflict" in outcome) {
    const { latest } = outcome.conflict;
    const conflict = {
      by: latest.savedBy?.name ?? null,
      when: shownTime(latest.savedAt),
      lines: differences(read.company, latest.body),
    };
    return data<ActionData>({ values, conflict }, { status: 409 });
  }
  await recordSiteChange(member, "site draft saved", `${ITEM} version ${outcome.saved.version}`);
  return redirect(`${staffPaths.siteItem(ITEM)}?notice=saved`, 303);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = () => staffPageMeta(text.title);

export default function SiteCompany({ loaderData, actionData }: Route.ComponentProps) {
  const { member, draft, mayChange, mayPublish } = loaderData;
  const notice = actionData ? null : loaderData.notice;
  return (
    <StaffPage
      staff={member}
      back={{ href: staffPaths.site, label: siteEditorText.backToSite }}
      done={notice ? siteEditorText.notices[notice] : undefined}
    >
      <h1>{text.heading}</h1>
      <p>{text.intro}</p>
      <p>
        <a href={staffPaths.sitePreview}>{previewText.open}</a>
      </p>
      {draft && <p className="staff-notice">{text.draftNote(draft.saved, draft.savedBy)}</p>}
      {!mayChange && <p className="staff-notice">{siteEditorText.ownersOnly}</p>}
      {actionData?.conflict && <ConflictPanel {...actionData.conflict} />}
      <CompanyForm
        action={staffPaths.siteItem(ITEM)}
        values={actionData?.values ?? loaderData.values}
        problems={actionData?.problems ?? {}}
        basedOn={loaderData.basedOn}
        readOnly={!mayChange}
      />
      {draft && mayPublish && (
        <form method="post" action={staffPaths.siteItem(ITEM)} className="staff-form staff-form--inline">
          <input type="hidden" name="intent" value="publish" />
          <button type="submit" className="staff-button">
            {text.publish}
          </button>
        </form>
      )}
      {draft && mayChange && (
        <form method="post" action={staffPaths.siteItem(ITEM)} className="staff-form staff-form--inline">
          <input type="hidden" name="intent" value="discard" />
          <button type="submit" className="staff-button staff-button--quiet">
            {text.discard}
          </button>
        </form>
      )}
      <p>
        <a href={staffPaths.siteHistory(ITEM)}>{siteEditorText.history}</a>
      </p>
    </StaffPage>
  );
}
