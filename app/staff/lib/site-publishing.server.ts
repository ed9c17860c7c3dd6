import { data, redirect } from "react-router";
import { CONTENT_ITEM_IDS, type ContentItem, isContentItem } from "../../server/content/items.ts";
import { readScheduleTime } from "../../server/content/schedule.ts";
import { siteServices } from "../../server/site-services.server.ts";
import type { StaffMember } from "../../server/staff/sessions.server.ts";
import { scheduleText, siteEditorText as text } from "../content/site-editor.ts";
import { staffPaths } from "../paths.ts";
import { recordSiteChange, refuseUnless, shownTime } from "./site-editor.server.ts";
import { choiceOf } from "./site-publishing.ts";
import { readStaffForm } from "./staff-requests.server.ts";

/** What the site's page shows of the schedule: each draft waiting, when (in India) and who scheduled it. */
export async function scheduledDrafts() {
  const scheduled = await siteServices().siteContent.scheduled();
  return scheduled.map(({ item, publishAt, scheduledBy }) => ({
    item,
    when: shownTime(publishAt),
    by: scheduledBy?.name ?? null,
  }));
}

/** A refused publication or schedule: what was wrong, with the choices made, so the form keeps them. */
export type PublishingRefused = {
  problem?: string;
  /** Beside the time field. */
  timeError?: string;
  chosen: ContentItem[];
  publishAt: string;
};

/**
 * The site's page's form: publish the chosen drafts now, schedule them for a
 * day and time in India, or cancel one item's schedule. Only an owner
 * publishes, so only an owner schedules or cancels.
 */
export async function answerPublishing(request: Request, member: StaffMember) {
  refuseUnless(member, "canPublish");
  const fields = await readStaffForm(request, ["intent", "publishAt", "cancel", ...CONTENT_ITEM_IDS.map(choiceOf)]);
  if (!fields) throw data(text.unreadable, { status: 400 });
  const content = siteServices().siteContent;

  if (fields.intent === "cancel") {
    const item = fields.cancel;
    if (!isContentItem(item)) throw data(text.unreadable, { status: 400 });
    if (await content.cancelSchedule(item)) await recordSiteChange(member, "site schedule cancelled", item);
    return redirect(`${staffPaths.site}?notice=cancelled`, 303);
  }
  // A page opened before the form had a second button posts no intent: it meant to publish.
  if (fields.intent !== undefined && fields.intent !== "publish" && fields.intent !== "schedule") {
    throw data(text.unreadable, { status: 400 });
  }

  const chosen = CONTENT_ITEM_IDS.filter((item) => fields[choiceOf(item)] === "yes");
  const publishAt = fields.publishAt ?? "";
  const refused = (answer: Omit<PublishingRefused, "chosen" | "publishAt">) =>
    data<PublishingRefused>({ ...answer, chosen, publishAt }, { status: 400 });
  if (chosen.length === 0) return refused({ problem: text.nothingChosen });

  if (fields.intent === "schedule") {
    const time = readScheduleTime(publishAt, Date.now());
    if ("problem" in time) return refused({ timeError: scheduleText.problems[time.problem] });
    const scheduled = await content.schedulePublish(chosen, time.at, member.id);
    if (scheduled.length > 0) {
      await recordSiteChange(
        member,
        "site publication scheduled",
        `${scheduled.join(", ")} at ${shownTime(time.at)} India time`,
      );
    }
    return redirect(`${staffPaths.site}?notice=scheduled`, 303);
  }

  const publication = await content.publish(chosen, member.id);
  if (publication) {
    await siteServices().publishedContent.refresh();
    await recordSiteChange(member, "site published", `${chosen.join(", ")} (publication ${publication})`);
  }
  return redirect(`${staffPaths.site}?notice=published`, 303);
}
