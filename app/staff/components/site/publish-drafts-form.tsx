import { scheduleText, siteEditorText as text } from "../../content/site-editor.ts";
import { staffPaths } from "../../paths.ts";
import { StaffField } from "../staff-field.tsx";

type PublishDraftsFormProps = {
  /** The items with a draft, each with its tick box's name. */
  drafts: readonly { item: string; choice: string }[];
  /** What a refused post answered: its problem, and what was chosen and typed, kept. */
  refused?: { problem?: string; timeError?: string; chosen: readonly string[]; publishAt: string } | undefined;
};

/**
 * The chosen drafts published together, now or at a day and time in India.
 * "Schedule" comes first, so that Enter in the time field schedules rather
 * than publishes at once. The field sets no earliest time: a time past is
 * refused by the server, in the page's words beside the field, rather than
 * by the browser's own bubble.
 */
export function PublishDraftsForm({ drafts, refused }: PublishDraftsFormProps) {
  return (
    <form method="post" action={staffPaths.site} className="staff-form">
      {refused?.problem && (
        <p className="staff-notice staff-notice--warning" role="alert">
          {refused.problem}
        </p>
      )}
      {drafts.map(({ item, choice }) => (
        <StaffField key={item} id={choice} label={text.publishLabel(text.items[item] ?? item)} check>
          {(described) => (
            <input
              id={choice}
              type="checkbox"
              name={choice}
              value="yes"
              defaultChecked={refused?.chosen.includes(item)}
              {...described}
            />
          )}
        </StaffField>
      ))}
      <StaffField id="publish-at" label={scheduleText.field} hint={scheduleText.hint} error={refused?.timeError}>
        {(described) => (
          <input
            id="publish-at"
            type="datetime-local"
            name="publishAt"
            defaultValue={refused?.publishAt}
            {...described}
          />
        )}
      </StaffField>
      <div className="site-actions">
        <button type="submit" name="intent" value="schedule" className="staff-button staff-button--quiet">
          {scheduleText.schedule}
        </button>
        <button type="submit" name="intent" value="publish" className="staff-button">
          {text.publishChosen}
        </button>
      </div>
    </form>
  );
}
