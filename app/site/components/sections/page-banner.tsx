import type { ReactNode } from "react";
import type { NavLink } from "../../content/navigation.ts";
import { useWords } from "../../lib/words.tsx";

type PageBannerProps = {
  heading: string;
  /** The pages above this one, from Home down, in the page's words and language; the current page is added last. */
  trail?: NavLink[];
  children?: ReactNode;
};

/** The band at the top of every inner page: breadcrumb, heading and a line of introduction. */
export function PageBanner({ heading, trail, children }: PageBannerProps) {
  const { sections } = useWords();
  return (
    <div className="page-banner">
      <div className="container">
        {trail && (
          <nav aria-label={sections.breadcrumb} className="breadcrumb">
            <ol>
              {trail.map((crumb) => (
                <li key={crumb.to}>
                  <a href={crumb.to}>{crumb.label}</a>
                </li>
              ))}
              <li>
                <span aria-current="page">{heading}</span>
              </li>
            </ol>
          </nav>
        )}
        <h1 className="page-banner__heading">{heading}</h1>
        {children && <div className="page-banner__intro">{children}</div>}
      </div>
    </div>
  );
}
