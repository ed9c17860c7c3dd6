import { staffPaths } from "../../paths.ts";

type Entry = { id: number; at: string; actor: string; action: string; detail: string | null };

/** What has been done with the inquiry, by whom and when. */
export function InquiryHistory({ history }: { history: readonly Entry[] }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-history">
      <h2 id="inquiry-history">History</h2>
      {history.length === 0 ? (
        <p>Nothing done with it yet.</p>
      ) : (
        <ol className="inbox-history">
          {history.map((entry) => (
            <li key={entry.id}>
              <p className="inbox-history__meta">
                {entry.at}, {entry.actor}
              </p>
              <p className="inbox-note">
                {entry.action}
                {entry.detail ? `: ${entry.detail}` : ""}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The way to erase the person everywhere, confirmed on the next page. */
export function EraseSection({ reference }: { reference: string }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-erase">
      <h2 id="inquiry-erase">Personal data</h2>
      <p>
        When this person asks for their data to be deleted, erase it here: every inquiry of this e-mail address and
        phone number goes, with its mails and notes. You confirm on the next page.
      </p>
      <a className="staff-button staff-button--danger" href={staffPaths.erase(reference)}>
        Erase this person's data
      </a>
    </section>
  );
}
