import { data } from "react-router";
import type { ContentVersion } from "../../server/content/content-store.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { may, type StaffAbility } from "../../server/staff/roles.ts";
import type { StaffMember } from "../../server/staff/sessions.server.ts";
import { siteEditorText as text } from "../content/site-editor.ts";

/** The items the company edits, in the order the site's page lists them. */
export const EDITED_ITEMS = ["company"] as const;
export type EditedItem = (typeof EDITED_ITEMS)[number];

export function isEditedItem(value: string | undefined): value is EditedItem {
  return (EDITED_ITEMS as readonly string[]).includes(value ?? "");
}

/** What changing an item takes: the company's details and tax settings are an owner's to change. */
export function abilityToChange(item: EditedItem): StaffAbility {
  return item === "company" ? "canChangeCompanyAndTax" : "canEditDrafts";
}

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

/**
 * Every value of a version by where it is in the item ("address › city"), so
 * two versions can be compared line by line whatever the item's shape.
 */
export function flatten(body: unknown, prefix: string[] = []): Map<string, string> {
  const lines = new Map<string, string>();
  if (body !== null && typeof body === "object") {
    for (const [key, value] of Object.entries(body)) {
      for (const [path, text] of flatten(value, [...prefix, key])) lines.set(path, text);
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
