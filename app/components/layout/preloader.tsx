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
