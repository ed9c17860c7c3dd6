import { awaitsFirstReply, type InboxRow } from "../../server/inbox/inbox.server.ts";
import { type InboxFilter, inboxSorts } from "../../server/inbox/inbox-filter.ts";
import { inIndia, serviceName } from "../../server/inbox/report.server.ts";
import { inquiryStatuses } from "../../server/inbox/statuses.ts";
import { formatWait } from "../../server/inbox/wait.ts";
import { StaffField } from "../components/staff-field.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { StatusOptions } from "../components/status-options.tsx";
import { inboxDone, inboxText, isInboxDone, statusLabels } from "../content/inbox.ts";
import { inboxFilterValues, inboxListUrl, readInboxFilter } from "../lib/inbox-filter.ts";
import { refuseMethod, staffRequest } from "../lib/inbox-request.server.ts";
import { staffPageMeta } from "../lib/page.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/list";

const PAGE_SIZE = 25;

/** A wait longer than this is shown with emphasis: a buyer left unanswered past a day is likely lost. */
const LONG_WAIT_MS = 24 * 60 * 60 * 1000;

/** How long an inquiry still owed a first reply has waited; undefined for one answered, or in the spam tray. */
function waitOf(row: Pick<InboxRow, "status" | "firstReply" | "receivedAt">, now: number) {
  if (!awaitsFirstReply(row)) return undefined;
  const ms = now - Date.parse(row.receivedAt);
  return { text: formatWait(ms), long: ms > LONG_WAIT_MS };
}

/** The inquiries, a page at a time, in the order and with the filter the address says (lib/inbox-filter.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const { staff, services } = await staffRequest(request);
  const query = new URL(request.url).searchParams;
  const { filter, page } = readInboxFilter(query);
  const { rows, total } = await services.inbox.search(filter, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const done = query.get("done");
  const files = (await services.artworkChecks?.listing(rows.map((row) => row.id))) ?? new Map();
  const now = Date.now();
  return {
    staff: { name: staff.name, email: staff.email },
    filter,
    page,
    total,
    counts: await services.inbox.counts(filter),
    done: isInboxDone(done) ? inboxDone[done] : undefined,
    inquiries: rows.map((row) => {
      const listed = files.get(row.id);
      return {
        reference: row.reference,
        received: inIndia(row.receivedAt),
        receivedAt: row.receivedAt,
        name: row.name,
        subject: row.subject,
        service: serviceName(row.service, services.content.services),
        status: row.status,
        mailNotSent: row.mailNotSent,
        waiting: waitOf(row, now),
        isQuote: row.quote !== undefined,
        files: listed?.files ?? 0,
        thumbnail: listed?.previewOf ? staffPaths.preview(row.reference, listed.previewOf, 0, "small") : undefined,
      };
    }),
  };
}

export const action = ({ request }: Route.ActionArgs) => refuseMethod(request);

export const meta: Route.MetaFunction = () => staffPageMeta(inboxText.title);

export default function InboxList({ loaderData }: Route.ComponentProps) {
  const { staff, filter, page, total, counts, inquiries, done } = loaderData;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = first + inquiries.length - 1;
  const byAge = filter.sort === "newest";
  // The status has its own tabs below; the fold opens by itself for the other filters in use.
  const inUse = inboxFilterValues({ ...filter, status: undefined }).length;
  const allButSpam = inquiryStatuses.filter((status) => status !== "spam").reduce((sum, s) => sum + counts[s], 0);
  const tabs: { status: InboxFilter["status"]; label: string; count: number }[] = [
    { status: undefined, label: inboxText.allLabel, count: allButSpam },
    ...inquiryStatuses.map((status) => ({ status, label: statusLabels[status], count: counts[status] })),
  ];
  return (
    <StaffPage staff={staff} done={done}>
      <h1>{inboxText.heading}</h1>

      <search className="staff-panel inbox-search">
        <details className="inbox-search__fold" open={inUse > 0}>
          <summary className="inbox-search__summary">
            {inboxText.filtersSummary} {inUse > 0 && <span>{inboxText.filtersInUse(inUse)}</span>}
          </summary>
          <form method="get" action={staffPaths.inbox} className="inbox-filters">
            <StaffField id="inbox-q" label={inboxText.searchLabel} hint={inboxText.searchHint}>
              {(described) => (
                <input
                  id="inbox-q"
                  name="q"
                  type="search"
                  defaultValue={filter.search}
                  maxLength={200}
                  {...described}
                />
              )}
            </StaffField>
            <StaffField id="inbox-status" label={inboxText.statusLabel}>
              {(described) => (
                <select id="inbox-status" name="status" defaultValue={filter.status ?? ""} {...described}>
                  <option value="">{inboxText.allLabel}</option>
                  <StatusOptions />
                </select>
              )}
            </StaffField>
            <StaffField id="inbox-kind" label={inboxText.kindLabel}>
              {(described) => (
                <select id="inbox-kind" name="kind" defaultValue={filter.kind ?? ""} {...described}>
                  {Object.entries(inboxText.kinds).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </StaffField>
            <StaffField id="inbox-from" label={inboxText.fromLabel}>
              {(described) => (
                <input id="inbox-from" name="from" type="date" defaultValue={filter.from} {...described} />
              )}
            </StaffField>
            <StaffField id="inbox-to" label={inboxText.toLabel}>
              {(described) => <input id="inbox-to" name="to" type="date" defaultValue={filter.to} {...described} />}
            </StaffField>
            <StaffField id="inbox-sort" label={inboxText.sortLabel}>
              {(described) => (
                <select id="inbox-sort" name="sort" defaultValue={filter.sort} {...described}>
                  {inboxSorts.map((sort) => (
                    <option key={sort} value={sort}>
                      {inboxText.sorts[sort]}
                    </option>
                  ))}
                </select>
              )}
            </StaffField>
            <div className="inbox-filters__actions">
              <button type="submit" className="staff-button">
                {inboxText.apply}
              </button>
              <a className="staff-button staff-button--quiet" href={staffPaths.inbox}>
                {inboxText.clear}
              </a>
            </div>
          </form>
        </details>
      </search>

      <nav aria-label="Statuses">
        <ul className="inbox-tabs">
          {tabs.map((tab) => (
            <li key={tab.label}>
              <a
                href={inboxListUrl({ ...filter, status: tab.status })}
                aria-current={tab.status === filter.status ? "page" : undefined}
              >
                {tab.label} <span>({tab.count})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="inbox-summary">
        <p>
          {total === 0
            ? inboxText.nothing
            : `${first}–${last} of ${total} ${total === 1 ? "inquiry" : "inquiries"}, ${inboxText.sorts[filter.sort].toLowerCase()}.`}
          {filter.status === "spam" && ` ${inboxText.spamKept}`}
        </p>
        {total > 0 && (
          <form method="post" action={staffPaths.export}>
            {inboxFilterValues(filter).map(({ name, value }) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="staff-button staff-button--quiet">
              {inboxText.export}
            </button>
          </form>
        )}
      </div>

      {inquiries.length > 0 && (
        <ol className="inbox-list" aria-label="Inquiries">
          {inquiries.map((inquiry) => (
            <li key={inquiry.reference} className="inbox-item">
              <h2 className="inbox-item__title">
                <a href={staffPaths.inquiry(inquiry.reference)}>
                  {/* A visitor's text in its own direction: an override character in it cannot reorder the page. */}
                  <bdi>{inquiry.name}</bdi>
                  <span className="inbox-item__subject" dir="auto">
                    {inquiry.subject}
                  </span>
                </a>
              </h2>
              <dl className="inbox-item__facts">
                <div>
                  <dt>Reference</dt>
                  <dd>{inquiry.reference}</dd>
                </div>
                <div>
                  <dt>Received</dt>
                  <dd>
                    <time dateTime={inquiry.receivedAt}>{inquiry.received}</time>
                  </dd>
                </div>
                {inquiry.waiting && (
                  <div>
                    <dt>{inboxText.waiting}</dt>
                    <dd className={inquiry.waiting.long ? "inbox-mark" : undefined}>{inquiry.waiting.text}</dd>
                  </div>
                )}
                {inquiry.service && (
                  <div>
                    <dt>Service</dt>
                    <dd>{inquiry.service}</dd>
                  </div>
                )}
                <div>
                  <dt>Status</dt>
                  <dd>
                    <StatusBadge status={inquiry.status} />
                  </dd>
                </div>
                {inquiry.isQuote && (
                  <div>
                    <dt className="visually-hidden">{inboxText.kindLabel}</dt>
                    <dd className="inbox-mark inbox-mark--quote">{inboxText.quoteMark}</dd>
                  </div>
                )}
                {inquiry.files > 0 && (
                  <div>
                    <dt>{inboxText.files.heading}</dt>
                    <dd>{inquiry.files}</dd>
                  </div>
                )}
                {inquiry.thumbnail && (
                  <div>
                    <dt className="visually-hidden">{inboxText.files.preview}</dt>
                    <dd>
                      <img
                        className="inbox-item__thumb"
                        src={inquiry.thumbnail}
                        alt={inboxText.files.firstPreview}
                        width={48}
                        height={48}
                        loading="lazy"
                      />
                    </dd>
                  </div>
                )}
                {inquiry.mailNotSent && (
                  <div>
                    <dt className="visually-hidden">Mail</dt>
                    <dd className="inbox-mark">{inboxText.mailNotSent}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}

      {total > PAGE_SIZE && (
        <nav className="inbox-pages" aria-label="Pages">
          {page > 1 ? (
            <a href={inboxListUrl(filter, page - 1)}>{byAge ? inboxText.previous : inboxText.previousPage}</a>
          ) : (
            <span />
          )}
          {last < total ? (
            <a href={inboxListUrl(filter, page + 1)}>{byAge ? inboxText.next : inboxText.nextPage}</a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </StaffPage>
  );
}
