import { siteEditorText, scheduleText as text } from "../../content/site-editor.ts";
import { staffPaths } from "../../paths.ts";

type Scheduled = { item: string; when: string; by: string | null };

/** The drafts waiting for their time, each with when (India time) and who scheduled it, and a way to cancel it for an owner. */
export function ScheduledPublications({
  scheduled,
  mayCancel,
}: {
  scheduled: readonly Scheduled[];
  mayCancel: boolean;
}) {
  return (
    <section aria-labelledby="scheduled-heading">
      <h2 id="scheduled-heading">{text.heading}</h2>
      <p>{text.intro}</p>
      <table className="site-table">
        <thead>
          <tr>
            <th scope="col">{text.itemHeading}</th>
            <th scope="col">{text.whenHeading}</th>
          </tr>
        </thead>
        <tbody>
          {scheduled.map(({ item, when, by }) => {
            const name = siteEditorText.items[item] ?? item;
            return (
              <tr key={item}>
                <th scope="row">{name}</th>
                <td>
                  <p>{text.at(when)}</p>
                  <p>{text.by(by ?? text.removedAccount)}</p>
                  {mayCancel && (
                    <form method="post" action={staffPaths.site}>
                      <input type="hidden" name="intent" value="cancel" />
                      <button
                        type="submit"
                        name="cancel"
                        value={item}
                        className="staff-button staff-button--quiet"
                        aria-label={text.cancelLabel(name)}
                      >
                        {text.cancel}
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
