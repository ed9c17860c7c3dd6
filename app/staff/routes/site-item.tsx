import { data } from "react-router";
import * as v from "valibot";
import { CONTENT_ITEMS, isShapedItem, SHAPED_ITEMS, shapedItemProblems } from "../../server/content/items.ts";
import { type FieldProblems, formFieldNames, readListChange, readShapedForm } from "../../server/content/shapes.ts";
import { ItemEditor } from "../components/site/item-editor.tsx";
import { ShapedForm } from "../components/site/shaped-form.tsx";
import { shapedFormText, shapedItemWords } from "../content/site-items.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { requireStaff } from "../lib/require-staff.server.ts";
import {
  answerEditor,
  type ConflictShown,
  editorState,
  photoOptions,
  saveItemDraft,
  siteFacts,
} from "../lib/site-editor.server.ts";
import { readSiteNotice } from "../lib/site-editor.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/site-item";

/**
 * The item this address edits, when it is one drawn from its shape; else the
 * page is not found. Asked after the session, so that without one every
 * address here answers alike.
 */
async function shapedItem(request: Request, item: string | undefined) {
  await requireStaff(request);
  if (!isShapedItem(item)) throw data(null, { status: 404 });
  return item;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const item = await shapedItem(request, params.item);
  const { body, ...state } = await editorState(request, item);
  return {
    ...state,
    item,
    values: body as Record<string, unknown>,
    photos: await photoOptions(),
    notice: readSiteNotice(request),
  };
}

type ActionData = {
  values: Record<string, unknown>;
  problems: FieldProblems;
  /** The form came back with a list changed and nothing saved. */
  listChanged?: true;
  conflict?: ConflictShown;
};

export async function action({ request, params }: Route.ActionArgs) {
  const item = await shapedItem(request, params.item);
  const shape = SHAPED_ITEMS[item];
  return answerEditor(request, item, formFieldNames(shape), async (fields, member) => {
    const change = readListChange(fields.intent);
    const values = readShapedForm(shape, fields, change);
    if (change) return data<ActionData>({ values, problems: {}, listChanged: true });
    const problems = shapedItemProblems(item, values, await siteFacts());
    if (Object.keys(problems).length > 0) return data<ActionData>({ values, problems }, { status: 400 });
    const body = v.parse(CONTENT_ITEMS[item], values);
    const saved = await saveItemDraft(item, body, fields.basedOn, member);
    return saved instanceof Response
      ? saved
      : data<ActionData>({ values, problems: {}, conflict: saved }, { status: 409 });
  });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  staffPageMeta(loaderData ? shapedItemWords[loaderData.item].title : shapedFormText.saveDraft);

export default function SiteItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  const words = shapedItemWords[item];
  return (
    <ItemEditor
      item={item}
      heading={words.title}
      intro={<p>{words.intro}</p>}
      loaded={loaderData}
      answered={actionData}
    >
      {actionData?.listChanged && <p className="staff-notice">{shapedFormText.listChanged}</p>}
      <ShapedForm
        action={staffPaths.siteItem(item)}
        shape={SHAPED_ITEMS[item]}
        words={words}
        values={actionData?.values ?? loaderData.values}
        problems={actionData?.problems ?? {}}
        basedOn={loaderData.basedOn}
        readOnly={!loaderData.mayChange}
        photos={loaderData.photos}
      />
    </ItemEditor>
  );
}
