import { data } from "react-router";
import {
  GST_TABLE_MAX_ENTRIES,
  type GstRateProblem,
  type GstRateRow,
  type GstRateTable,
  readGstRateRows,
} from "../../server/quotations/gst-rates.ts";
import { GstRateForm } from "../components/site/gst-rate-form.tsx";
import { ItemEditor } from "../components/site/item-editor.tsx";
import { gstRatesEditorText as text } from "../content/site-editor.ts";
import { gstRateFieldNames, rowsOf } from "../lib/gst-rate-rows.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { answerEditor, type ConflictShown, editorState, saveItemDraft } from "../lib/site-editor.server.ts";
import { readSiteNotice } from "../lib/site-editor.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/site-gst-rates";

const ITEM = "gst-rates";

export async function loader({ request }: Route.LoaderArgs) {
  const { body, ...state } = await editorState(request, ITEM);
  return { ...state, rows: rowsOf(body as GstRateTable), notice: readSiteNotice(request) };
}

type ActionData = {
  rows: GstRateRow[];
  problems?: Record<number, readonly GstRateProblem[]>;
  conflict?: ConflictShown;
};

export async function action({ request }: Route.ActionArgs) {
  return answerEditor(request, ITEM, gstRateFieldNames(GST_TABLE_MAX_ENTRIES), async (fields, member) => {
    const rows = Array.from({ length: GST_TABLE_MAX_ENTRIES }, (_, index) => ({
      hsn: fields[`hsn_${index}`] ?? "",
      rate: fields[`rate_${index}`] ?? "",
      effectiveFrom: fields[`from_${index}`] ?? "",
      note: fields[`note_${index}`] ?? "",
    })).filter((row, index) => index < Number(fields.rows ?? 0) || row.hsn || row.effectiveFrom);
    const read = readGstRateRows(rows);
    if ("problems" in read) {
      return data<ActionData>({ rows, problems: Object.fromEntries(read.problems) }, { status: 400 });
    }
    const saved = await saveItemDraft(ITEM, read.table, fields.basedOn, member);
    return saved instanceof Response ? saved : data<ActionData>({ rows, conflict: saved }, { status: 409 });
  });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = () => staffPageMeta(text.title);

export default function SiteGstRates({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ItemEditor
      item={ITEM}
      heading={text.heading}
      intro={
        <>
          <p>{text.intro}</p>
          <p className="staff-notice">{text.accountant}</p>
        </>
      }
      loaded={loaderData}
      answered={actionData}
    >
      <GstRateForm
        action={staffPaths.siteItem(ITEM)}
        rows={actionData?.rows ?? loaderData.rows}
        problems={actionData?.problems ?? {}}
        basedOn={loaderData.basedOn}
        readOnly={!loaderData.mayChange}
      />
    </ItemEditor>
  );
}
