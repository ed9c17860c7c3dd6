import { site } from "../../site/content/site.ts";
import { inboxText } from "../content/inbox.ts";
import { siteEditorText } from "../content/site-editor.ts";
import { staffPaths } from "../paths.ts";

/** The top of every inbox page: the way back to the list, who is signed in, and the way out. */
export function StaffBar({ staff }: { staff: { name: string; email: string } }) {
  return (
    <header className="staff-bar">
      <div className="container staff-bar__inner">
        <a className="staff-bar__home" href={staffPaths.inbox}>
          {site.name}: {inboxText.title}
        </a>
        <div className="staff-bar__who">
          <span>
            Signed in as <span title={staff.email}>{staff.name}</span>
          </span>
          <a href={staffPaths.site}>{siteEditorText.barLink}</a>
          <a href={staffPaths.account}>Passkeys and password</a>
          <form method="post" action={staffPaths.signOut}>
            <button type="submit" className="staff-button">
              {inboxText.signOut}
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
