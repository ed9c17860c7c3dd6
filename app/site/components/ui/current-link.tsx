import type { ReactNode } from "react";

type CurrentLinkProps = {
  to: string;
  /** The address of the page shown, without a trailing slash. */
  currentPath: string;
  className: string;
  children: ReactNode;
};

/** A link that tells assistive technology, and the styles, when it leads to the page shown. */
export function CurrentLink({ to, currentPath, className, children }: CurrentLinkProps) {
  return (
    <a href={to} className={className} aria-current={currentPath === to ? "page" : undefined}>
      {children}
    </a>
  );
}
