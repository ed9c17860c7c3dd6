import { NOTE_MAX_LENGTH } from "../../../server/inbox/statuses.ts";
import { StaffField } from "../staff-field.tsx";

type Note = { id: number; at: string; author: string; authorEmail: string; body: string };
/** A note the server refused, with what was written. */
type Refused = { noteError: string; note: string } | undefined;

/** Staff's notes on the inquiry, oldest first, and the form for another. */
export function InquiryNotes({ notes, refused }: { notes: readonly Note[]; refused: Refused }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-notes">
      <h2 id="inquiry-notes">Notes</h2>
      {notes.length === 0 ? (
        <p>No notes yet. Notes are for staff only; the visitor never sees them.</p>
      ) : (
        <ol className="inbox-history">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="inbox-history__meta">
                <span title={note.authorEmail}>{note.author}</span>, {note.at}
              </p>
              <p className="inbox-note" dir="auto">
                {note.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" className="staff-form">
        <input type="hidden" name="intent" value="note" />
        <StaffField id="note" label="Add a note" error={refused?.noteError}>
          {(described) => (
            <textarea
              id="note"
              name="note"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              required
              defaultValue={refused?.note ?? ""}
              {...described}
            />
          )}
        </StaffField>
        <div>
          <button type="submit" className="staff-button">
            Add note
          </button>
        </div>
      </form>
    </section>
  );
}
