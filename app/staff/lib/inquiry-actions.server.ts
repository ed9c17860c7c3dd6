import { data, redirect } from "react-router";
import type { InboxRow } from "../../server/inbox/inbox.server.ts";
import { isInquiryStatus, NOTE_MAX_LENGTH } from "../../server/inbox/statuses.ts";
import type { SiteServices } from "../../server/site-services.server.ts";
import { type InboxDone, inboxText } from "../content/inbox.ts";
import { staffPaths } from "../paths.ts";
import { staffRequestFor } from "./inbox-request.server.ts";
import { readStaffForm } from "./staff-requests.server.ts";

type StaffForm = Partial<Record<"intent" | "status" | "note" | "kind" | "by", string>>;
type Change = {
  services: SiteServices;
  inquiry: InboxRow;
  form: StaffForm;
  actor: { email: string; name: string };
  back: (done: InboxDone) => Response;
};
/** A note refused, with what was written kept for the form. */
function noteRefused(note: string) {
  const words = inboxText.noteRefused;
  const noteError = note.trim() === "" ? words.empty : words.tooLong(NOTE_MAX_LENGTH);
  return data({ noteError, note }, { status: 400 });
}

/** An intent's answer; undefined when the form does not hold what the intent needs. */
type Handler = (change: Change) => Promise<Response | ReturnType<typeof noteRefused> | undefined>;

const intents = {
  status: async ({ services, inquiry, form, actor, back }) => {
    if (!isInquiryStatus(form.status)) return undefined;
    await services.inbox.setStatus(inquiry.id, form.status, actor);
    return back("status");
  },
  "not-spam": async ({ services, inquiry, actor, back }) => {
    if (inquiry.status !== "spam") return undefined;
    await services.inbox.setStatus(inquiry.id, "new", actor);
    return back("not-spam");
  },
  note: async ({ services, inquiry, form, actor, back }) => {
    const note = form.note ?? "";
    if (await services.inbox.addNote(inquiry.id, note, actor)) return back("note");
    return noteRefused(note);
  },
  replied: async ({ services, inquiry, form, actor, back }) => {
    if (form.by !== "email" && form.by !== "call" && form.by !== "whatsapp") return undefined;
    await services.quotations.markReplied(inquiry.id, form.by, actor, Date.now());
    return back("replied");
  },
  "send-again": async ({ services, inquiry, form, actor, back }) => {
    if (form.kind !== "company" && form.kind !== "acknowledgement") return undefined;
    await services.inbox.sendAgain(inquiry.id, form.kind, actor);
    return back("resent");
  },
} satisfies Record<string, Handler>;

const isIntent = (name: string | undefined): name is keyof typeof intents =>
  name !== undefined && Object.hasOwn(intents, name);

/** Every change to an inquiry, by its form's intent; each answers with a redirect back (post-redirect-get). */
export async function changeInquiry(request: Request, reference: string | undefined) {
  const { staff, services, inquiry } = await staffRequestFor(request, reference);
  const form = await readStaffForm(request, ["intent", "status", "note", "kind", "by"]);
  if (!form) throw data(null, { status: 400 });
  if (!isIntent(form.intent)) throw data(null, { status: 400 });
  const handler: Handler = intents[form.intent];
  const answer = await handler({
    services,
    inquiry,
    form,
    actor: { email: staff.email, name: staff.name },
    back: (done) => redirect(`${staffPaths.inquiry(inquiry.reference)}?done=${done}`, 303),
  });
  if (!answer) throw data(null, { status: 400 });
  return answer;
}
