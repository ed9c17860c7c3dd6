import type { ReactNode } from "react";
import { useWords } from "../../lib/words.tsx";

type StatusPanelProps = {
  status: number;
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  headingLevel?: 1 | 2;
  /** What happened and what to do, in paragraphs. */
  children: ReactNode;
  /** The ways on. Plain anchors, not router links: after a failure a full page load is the surest way back. */
  links: readonly { href: string; label: string }[];
};

/** A page that could not be what the visitor asked for: what happened, and the ways on. */
export function StatusPanel({ status, id, heading, headingLevel = 1, children, links }: StatusPanelProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const words = useWords().status;
  return (
    <section className="status-panel container" aria-labelledby={id}>
      <p className="status-panel__code">{words.errorCode(status)}</p>
      <Heading id={id} className="status-panel__title">
        {heading}
      </Heading>
      {children}
      <ul className="status-panel__links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
