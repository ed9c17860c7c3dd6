import { type SiteNotice, siteEditorText } from "../content/site-editor.ts";

/** What the change just made did, from the address it came back to (?notice=saved). */
export function readSiteNotice(request: Request): SiteNotice | null {
  const notice = new URL(request.url).searchParams.get("notice");
  return notice !== null && Object.hasOwn(siteEditorText.notices, notice) ? (notice as SiteNotice) : null;
}
