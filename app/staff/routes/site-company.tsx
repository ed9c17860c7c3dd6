import { data } from "react-router";
import {
  COMPANY_FIELDS,
  type CompanyField,
  type CompanyProblem,
  type CompanySettings,
  companyFormValues,
  readCompanyForm,
} from "../../server/content/company-item.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { CompanyForm } from "../components/site/company-form.tsx";
import { ItemEditor } from "../components/site/item-editor.tsx";
import { companyEditorText as text } from "../content/site-editor.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { answerEditor, type ConflictShown, editorState, saveItemDraft } from "../lib/site-editor.server.ts";
import { readSiteNotice } from "../lib/site-editor.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/site-company";

const ITEM = "company";

export async function loader({ request }: Route.LoaderArgs) {
  const { body, ...state } = await editorState(request, ITEM);
  return { ...state, values: companyFormValues(body as CompanySettings), notice: readSiteNotice(request) };
}

type ActionData = {
  values: Record<CompanyField, string>;
  problems?: Partial<Record<CompanyField, CompanyProblem>>;
  conflict?: ConflictShown;
};

export async function action({ request }: Route.ActionArgs) {
  return answerEditor(request, ITEM, COMPANY_FIELDS, async (fields, member) => {
    const values = Object.fromEntries(COMPANY_FIELDS.map((field) => [field, fields[field] ?? ""])) as Record<
      CompanyField,
      string
    >;
    const { published } = await siteServices().siteContent.state(ITEM);
    const read = readCompanyForm(values, published.body as CompanySettings);
    if ("problems" in read) return data<ActionData>({ values, problems: read.problems }, { status: 400 });
    const saved = await saveItemDraft(ITEM, read.company, fields.basedOn, member);
    return saved instanceof Response ? saved : data<ActionData>({ values, conflict: saved }, { status: 409 });
  });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = () => staffPageMeta(text.title);

export default function SiteCompany({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ItemEditor
      item={ITEM}
      heading={text.heading}
      intro={<p>{text.intro}</p>}
      loaded={loaderData}
      answered={actionData}
    >
      <CompanyForm
        action={staffPaths.siteItem(ITEM)}
        values={actionData?.values ?? loaderData.values}
        problems={actionData?.problems ?? {}}
        basedOn={loaderData.basedOn}
        readOnly={!loaderData.mayChange}
      />
    </ItemEditor>
  );
}
