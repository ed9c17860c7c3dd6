import { data, redirect } from "react-router";
import type { ContentVersion } from "../../server/content/content-store.server.ts";
import { ABILITY_TO_CHANGE, type ContentItem, EDITOR_FORM_LIMIT_BYTES } from "../../server/content/items.ts";
import { TRANSLATIONS } from "../../server/content/languages.ts";
import { shownServices } from "../../server/content/services-item.ts";
import { readListChange, type SiteFacts } from "../../server/content/shapes.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { may, type StaffAbility } from "../../server/staff/roles.ts";
import type { StaffMember } from "../../server/staff/sessions.server.ts";
import { photoOptionText, siteEditorText as text, translationNames } from "../content/site-editor.ts";
import { staffPaths } from "../paths.ts";
import { requireStaff } from "./require-staff.server.ts";
import { readStaffForm } from "./staff-requests.server.ts";

/** A change this person may not make: refused with 403, on the staff area's error page. */
export function refuseUnless(member: StaffMember, ability: StaffAbility): void {
  if (!may(member.role, ability)) throw data(text.ownersOnly, { status: 403 });
}

const inIndia = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });

/** When, in India's time, as every staff page shows a moment. */
export function shownTime(at: number): string {
  return inIndia.format(at);
}

/** A version as the pages describe it: who saved and published it, and when. */
export function versionSummary(version: ContentVersion) {
  return {
    version: version.version,
    state: version.state,
    saved: shownTime(version.savedAt),
    savedBy: version.savedBy?.name ?? null,
    published: version.publishedAt === null ? null : shownTime(version.publishedAt),
    publishedBy: version.publishedBy?.name ?? null,
  };
}

/** Records a change to the site's content in the audit log: the item and the version, nothing else. */
export async function recordSiteChange(member: StaffMember, action: string, detail: string): Promise<void> {
  await siteServices().audit.record({ actor: member.email, action, detail });
}

/** A key as the history names it: a translation as its field's, "heading (Hindi)" rather than "heading_hi". */
function stepName(key: string): string {
  const language = TRANSLATIONS.find((each) => key.endsWith(`_${each}`));
  return language ? `${key.slice(0, -language.length - 1)} (${translationNames[language]})` : key;
}

/**
 * Every value of a version by where it is in the item ("address › city"), so
 * two versions can be compared line by line whatever the item's shape.
 */
export function flatten(body: unknown, prefix: string[] = []): Map<string, string> {
  const lines = new Map<string, string>();
  if (body !== null && typeof body === "object") {
    for (const [key, value] of Object.entries(body)) {
      for (const [path, text] of flatten(value, [...prefix, stepName(key)])) lines.set(path, text);
    }
  } else {
    lines.set(prefix.join(" › "), body === undefined || body === null ? "" : String(body));
  }
  return lines;
}

/** The lines where `version` differs from `against`: what it would change if published. */
export function differences(version: unknown, against: unknown): { path: string; was: string; now: string }[] {
  const now = flatten(version);
  const was = flatten(against);
  const paths = [...new Set([...was.keys(), ...now.keys()])];
  return paths
    .filter((path) => (was.get(path) ?? "") !== (now.get(path) ?? ""))
    .map((path) => ({ path, was: was.get(path) ?? "", now: now.get(path) ?? "" }));
}

/**
 * What every item's editor answers: publishing and discarding its draft (an
 * owner publishes; changing the item takes what abilityToChange says), and a
 * save, which the editor's own `save` reads from the form.
 */
export async function answerEditor<T>(
  request: Request,
  item: ContentItem,
  fieldNames: readonly string[],
  save: (fields: Record<string, string>, member: StaffMember) => Promise<T>,
): Promise<T | Response> {
  const member = await requireStaff(request);
  const fields = await readStaffForm(request, ["intent", "basedOn", ...fieldNames], EDITOR_FORM_LIMIT_BYTES);
  const content = siteServices().siteContent;
  if (fields?.intent === "publish") {
    refuseUnless(member, "canPublish");
    const publication = await content.publish([item], member.id);
    if (publication) {
      await siteServices().publishedContent.refresh();
      await recordSiteChange(member, "site published", `${item} (publication ${publication})`);
    }
    return redirect(`${staffPaths.siteItem(item)}?notice=published`, 303);
  }
  refuseUnless(member, ABILITY_TO_CHANGE[item]);
  if (fields?.intent === "discard") {
    if (await content.discardDraft(item)) await recordSiteChange(member, "site draft discarded", item);
    return redirect(`${staffPaths.siteItem(item)}?notice=discarded`, 303);
  }
  if (!fields || (fields.intent !== "save" && !readListChange(fields.intent))) {
    throw data(text.unreadable, { status: 400 });
  }
  return save(fields, member);
}

/** A conflict as an editor shows it: who saved the newer version, when, and where it differs from the form. */
export type ConflictShown = { by: string | null; when: string; lines: { path: string; was: string; now: string }[] };

/** Saves the item's draft from the version the form was opened on; the redirect, or the conflict to show. */
export async function saveItemDraft(
  item: ContentItem,
  body: unknown,
  basedOn: string | undefined,
  member: StaffMember,
): Promise<Response | ConflictShown> {
  const outcome = await siteServices().siteContent.saveDraft(item, body, { basedOn: Number(basedOn), by: member.id });
  if ("conflict" in outcome) {
    const { latest } = outcome.conflict;
    return { by: latest.savedBy?.name ?? null, when: shownTime(latest.savedAt), lines: differences(body, latest.body) };
  }
  await recordSiteChange(member, "site draft saved", `${item} version ${outcome.saved.version}`);
  return redirect(`${staffPaths.siteItem(item)}?notice=saved`, 303);
}

/** What an editor's loader gives its page: the version to edit, the draft's line, and what this person may do. */
export async function editorState(request: Request, item: ContentItem) {
  const member = await requireStaff(request);
  const { published, draft } = await siteServices().siteContent.state(item);
  const editing = draft ?? published;
  return {
    member,
    body: editing.body,
    basedOn: editing.version,
    draft: draft ? versionSummary(draft) : null,
    mayChange: may(member.role, ABILITY_TO_CHANGE[item]),
    mayPublish: may(member.role, "canPublish"),
  };
}

/** What a save is checked against: the site's pages, and the photos in its files and its library. */
export async function siteFacts(): Promise<SiteFacts> {
  const { content, publishedContent } = siteServices();
  const pages = new Set(content.pages(shownServices(publishedContent.current().items.services)));
  const photos = new Set((await photoOptions()).map((photo) => photo.id));
  return { isPage: (path) => pages.has(path), isPhoto: (id) => photos.has(id) };
}

/** The photos a photo field offers: the site's own, then the library's, newest first. */
export async function photoOptions(): Promise<{ id: string; label: string }[]> {
  const { content, photos } = siteServices();
  const own = content.sitePhotos.map((id) => ({ id, label: photoOptionText.own(id) }));
  const library = (await photos.list()).map((entry) => ({
    id: entry.id,
    label: photoOptionText.library(entry.originalName, entry.place, shownTime(entry.uploadedAt)),
  }));
  return [...own, ...library];
}
