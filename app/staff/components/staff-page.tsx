import type { ReactNode } from "react";
import { StaffBar } from "./staff-bar.tsx";

type StaffPageProps = {
  staff: { name: string; email: string };
  /** The page one step up, linked above everything else. */
  back?: { href: string; label: ReactNode } | undefined;
  /** What the change just made did, said once on the page it came back to. */
  done?: string | undefined;
  children: ReactNode;
};

/** The frame of every inbox page: the bar, then the page's column, its way back and what was just done. */
export function StaffPage({ staff, back, done, children }: StaffPageProps) {
  return (
    <>
      <StaffBar staff={staff} />
      <div className="container staff-page">
        {back && (
          <p>
            <a href={back.href}>{back.label}</a>
          </p>
        )}
        {done && (
          <p className="staff-notice" role="status">
            {done}
          </p>
        )}
        {children}
      </div>
    </>
  );
}
