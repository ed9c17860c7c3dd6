import { data, redirect } from "react-router";
import type { InboxFilter } from "../../server/inbox/inbox-filter.ts";
import { formatCsv } from "../../server/inbox/report.server.ts";
import { reportWords, statusLabels } from "../content/inbox.ts";
import { inboxFilterFields, readInboxFilter } from "../lib/inbox-filter.ts";
import { staffRequest } from "../lib/inbox-request.server.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/export";

/**
 * A visit is sent to the list it would have exported: exporting writes to the
 * audit log and takes personal data off the server, so only a form posted from
 * the list itself does it, never a link or an image on another site.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await staffRequest(request);
  throw redirect(`${staffPaths.inbox}${new URL(request.url).search}`, 303);
}

/**
 * The list's current filter as CSV, in the list's order, every page of it: the
 * same columns (first replies and quotations too) and spreadsheet-formula
 * neutralising as `npm run inquiries -- --csv`. The export is recorded in the
 * audit log, since it takes personal data off the server.
 */
export async function action({ request }: Route.ActionArgs) {
  const { staff, services } = await staffRequest(request);
  const fields = await readStaffForm(request, inboxFilterFields);
  if (!fields) throw data(null, { status: 400 });
  const { filter } = readInboxFilter(new URLSearchParams(fields));
  const rows = await services.inbox.all(filter);
  await services.audit.record({
    actor: staff.email,
    action: "exported CSV",
    detail: `${rows.length} ${rows.length === 1 ? "inquiry" : "inquiries"}${describeFilter(filter)}`,
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(formatCsv(rows, reportWords(services.content)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="inquiries-${day}.csv"`,
    },
  });
}

/** The filter in words for the audit log; a search is mentioned, never its words, which may name a person. */
function describeFilter(filter: InboxFilter): string {
  const parts = [
    filter.status ? statusLabels[filter.status] : "all but spam",
    filter.from ? `from ${filter.from}` : "",
    filter.to ? `to ${filter.to}` : "",
    filter.search ? "with a search" : "",
  ].filter(Boolean);
  return `: ${parts.join(", ")}`;
}
