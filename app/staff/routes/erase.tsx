import { redirect } from "react-router";
import { inIndia } from "../../server/inbox/report.server.ts";
import { StaffPage } from "../components/staff-page.tsx";
import { staffRequestFor } from "../lib/inbox-request.server.ts";
import { staffPageMeta } from "../lib/page.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/erase";

/** The confirmation: whose data goes, and every inquiry of theirs that goes with it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  return {
    staff: { name: staff.name, email: staff.email },
    reference: inquiry.reference,
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone,
    matches: (await services.inbox.samePerson(inquiry.id)).map((match) => ({
      reference: match.reference,
      received: inIndia(match.receivedAt),
    })),
  };
}

/** Erases the person (every inquiry of their e-mail address or phone number) and goes back to the list. */
export async function action({ request, params }: Route.ActionArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  await services.inbox.erasePerson(inquiry.id, { email: staff.email, name: staff.name });
  // The files' bytes go now, not at the next clean-up: an erasure is done when it says so.
  await services.sweepFiles();
  return redirect(`${staffPaths.inbox}?done=erased`, 303);
}

export const meta: Route.MetaFunction = () => staffPageMeta("Erase a person's data");

export default function Erase({ loaderData }: Route.ComponentProps) {
  const { staff, reference, name, email, phone, matches } = loaderData;
  const count = `${matches.length} ${matches.length === 1 ? "inquiry" : "inquiries"}`;
  return (
    <StaffPage staff={staff} back={{ href: staffPaths.inquiry(reference), label: `Back to ${reference}` }}>
      <h1>
        Erase <bdi>{name}</bdi>'s data?
      </h1>
      <div className="staff-panel">
        <p>
          This deletes for good every inquiry sent with the e-mail address{" "}
          <strong>
            <bdi>{email}</bdi>
          </strong>{" "}
          or the phone number <strong>{phone}</strong>: {count}, with their mails and notes. It cannot be undone. The
          history keeps only that an erasure happened, by you, and when.
        </p>
        <ul className="inbox-erase-list">
          {matches.map((match) => (
            <li key={match.reference}>
              {match.reference}, received {match.received}
            </li>
          ))}
        </ul>
        <form method="post" className="staff-form staff-form--inline">
          <button type="submit" className="staff-button staff-button--danger">
            Erase {count} for good
          </button>
          <a className="staff-button staff-button--quiet" href={staffPaths.inquiry(reference)}>
            Cancel
          </a>
        </form>
      </div>
    </StaffPage>
  );
}
