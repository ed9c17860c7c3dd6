import type { CSSProperties } from "react";
import { LogoMark } from "../ui/logo.tsx";

/**
 * Covers the page on a full load and uncovers it by a CSS animation delay, so it
 * also goes away with scripts off. Hidden from assistive technology: the page
 * beneath is complete from the start.
 */
export function Preloader({ durationMs }: { durationMs: number }) {
  if (durationMs <= 0) return null;
  const style = { "--preloader-ms": `${durationMs}ms` } as CSSProperties;
  return (
    <div className="preloader" data-preloader="" aria-hidden="true" style={style}>
      <LogoMark size={72} />
      <span className="preloader__spinner" />
    </div>
  );
}

/**
 * A visitor who follows a link from one page of the site to another has seen
 * the preloader already; on the next page it would only hide what they asked
 * for. This runs in the head, before the first paint, and marks the page so the
 * stylesheet leaves the preloader out. A reload, or arriving from elsewhere,
 * shows it as usual; so does a browser without scripts.
 */
const skipScript =
  'try{var r=document.referrer,n=performance.getEntriesByType("navigation")[0];' +
  'if(r&&new URL(r).origin===location.origin&&!(n&&n.type==="reload"))' +
  'document.documentElement.setAttribute("data-preloader-skip","")}catch(e){}';

export function PreloaderSkip({ durationMs }: { durationMs: number }) {
  if (durationMs <= 0) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of our own, allowed by its hash.
  return <script dangerouslySetInnerHTML={{ __html: skipScript }} />;
}
