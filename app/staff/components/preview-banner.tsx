import { previewText } from "../content/site-editor.ts";
import { staffPaths } from "../paths.ts";

// Its own few rules, in the preview's page only: no visitor's stylesheet carries them.
const styles =
  ".preview-banner{position:sticky;top:0;z-index:100;margin:0;padding:.5rem 1rem;background:#7a2e00;color:#fff}" +
  ".preview-banner a{color:#fff}";

/** Across the top of every page of a preview: that it is one, and the way back to editing. */
export function PreviewBanner() {
  return (
    <div className="preview-banner" role="status">
      <style>{styles}</style>
      {previewText.banner} <a href={staffPaths.site}>{previewText.back}</a>
    </div>
  );
}
