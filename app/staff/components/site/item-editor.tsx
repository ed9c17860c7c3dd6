import type { ReactNode } from "react";
import { companyEditorText, previewText, siteEditorText } from "../../content/site-editor.ts";
import { staffPaths } from "../../paths.ts";
import { StaffPage } from "../staff-page.tsx";
import { ConflictPanel } from "./conflict-panel.tsx";

type ItemEditorProps = {
  item: string;
  heading: string;
  intro: ReactNode;
  member: { name: string; email: string };
  notice: keyof typeof siteEditorText.notices | null;
  draft: { saved: string; savedBy: string | null } | null;
  mayChange: boolean;
  mayPublish: boolean;
  conflict?:
    | { by: string | null; when: string; lines: readonly { path: string; was: string; now: string }[] }
    | undefined;
  /** The item's own form. */
  children: ReactNode;
};

/** The frame of every item's editor: the draft's state, a refused save's conflict, the form, and publish, discard, history. */
export function ItemEditor({
  item,
  heading,
  intro,
  member,
  notice,
  draft,
  mayChange,
  mayPublish,
  conflict,
  children,
}: ItemEditorProps) {
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
      {conflict && <ConflictPanel {...conflict} />}
      {children}
      <div className="site-actions">
        {draft && mayPublish && (
          <form method="post" action={staffPaths.siteItem(item)}>
            <input type="hidden" name="intent" value="publish" />
            <button type="submit" className="staff-button">
              {text.publish}
            </button>
          </form>
        )}
        {draft && mayChange && (
          <form method="post" action={staffPaths.siteItem(item)}>
            <input type="hidden" name="intent" value="discard" />
            <button type="submit" className="staff-button staff-button--quiet">
              {text.discard}
            </button>
          </form>
        )}
      </div>
      <p>
        <a href={staffPaths.siteHistory(item)}>{siteEditorText.history}</a>
      </p>
    </StaffPage>
  );
}
