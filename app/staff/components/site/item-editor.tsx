import type { ReactNode } from "react";
import { companyEditorText, previewText, siteEditorText } from "../../content/site-editor.ts";
import { staffPaths } from "../../paths.ts";
import { StaffPage } from "../staff-page.tsx";
import { ConflictPanel } from "./conflict-panel.tsx";

/** What an editor's loader says of the item and the person (editorState, with the notice from the address). */
export type EditorLoaded = {
  member: { name: string; email: string };
  notice: keyof typeof siteEditorText.notices | null;
  draft: { saved: string; savedBy: string | null } | null;
  mayChange: boolean;
  mayPublish: boolean;
};

type ItemEditorProps = {
  item: string;
  heading: string;
  intro: ReactNode;
  loaded: EditorLoaded;
  /** What the save just posted answered, when it did not go through. */
  answered?: {
    conflict?: { by: string | null; when: string; lines: readonly { path: string; was: string; now: string }[] };
  };
  /** The item's own form. */
  children: ReactNode;
};

/** The frame of every item's editor: the draft's state, a refused save's conflict, the form, and publish, discard, history. */
export function ItemEditor({ item, heading, intro, loaded, answered, children }: ItemEditorProps) {
  const { member, draft, mayChange, mayPublish } = loaded;
  const notice = answered ? null : loaded.notice;
  const text = companyEditorText;
  return (
    <StaffPage
      staff={member}
      back={{ href: staffPaths.site, label: siteEditorText.backToSite }}
      done={notice ? siteEditorText.notices[notice] : undefined}
    >
      <h1>{heading}</h1>
      {intro}
      <p>
        <a href={staffPaths.sitePreview}>{previewText.open}</a>
      </p>
      {draft && <p className="staff-notice">{text.draftNote(draft.saved, draft.savedBy)}</p>}
      {!mayChange && <p className="staff-notice">{siteEditorText.ownersOnly}</p>}
      {answered?.conflict && <ConflictPanel {...answered.conflict} />}
      {children}
      <div className="site-actions">
        {draft && mayPublish && <IntentButton item={item} intent="publish" label={text.publish} />}
        {draft && mayChange && <IntentButton item={item} intent="discard" label={text.discard} quiet />}
      </div>
      <p>
        <a href={staffPaths.siteHistory(item)}>{siteEditorText.history}</a>
      </p>
    </StaffPage>
  );
}

/** A button that posts one intent to the item's editor, as a form of its own. */
function IntentButton({
  item,
  intent,
  label,
  quiet = false,
}: {
  item: string;
  intent: string;
  label: string;
  quiet?: boolean;
}) {
  return (
    <form method="post" action={staffPaths.siteItem(item)}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={quiet ? "staff-button staff-button--quiet" : "staff-button"}>
        {label}
      </button>
    </form>
  );
}
