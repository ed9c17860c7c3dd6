import { formatCsv } from "../../server/inbox/report.server.ts";
import { statusLabels } from "../content/inbox.ts";
import { type InboxFilter, readInboxFilter } from "../lib/inbox-filter.ts";
import { refuseMethod, staffRequest } from "../lib/inbox-request.server.ts";
import type { Route } from "./+types/export";

/**
 * The list's current filter as CSV, every page of it: the same columns and
 * spreadsheet-formula neutralising as `npm run inquiries -- --csv`. The export
 * is recorded in the audit log, since it takes personal data off the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { staff, services } = await staffRequest(request);
  const { filter } = readInboxFilter(new URL(request.url).searchParams);
  const rows = await services.inbox.all(filter);
  await services.audit.record({
    actor: staff.email,
    action: "exported CSV",
    detail: `${rows.length} ${rows.length === 1 ? "inquiry" : "inquiries"}${describeFilter(filter)}`,
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(formatCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="inquiries-${day}.csv"`,
    },
  });
}

export const action = ({ request }: Route.ActionArgs) => refuseMethod(request);

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
