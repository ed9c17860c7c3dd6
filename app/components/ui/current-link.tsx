import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { normalizePath } from "../../lib/urls.ts";

/** A link that tells assistive technology, and the styles, when it leads to the page shown. */
export function CurrentLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  const current = normalizePath(useLocation().pathname) === to;
  return (
    <Link to={to} className={className} aria-current={current ? "page" : undefined} prefetch="intent">
      {children}
    </Link>
  );
}
