import { decodeEntities } from "../../support/html-text.ts";
import { ask, form, type Site } from "./staff-sites.ts";

// An item's editor as a browser posts it, for the tests of the site's content.

export const newPhone = "+91 90123 45678";

const editorPath = (item: string) => `/inbox/site/${item}`;

/** The fields of a page's forms as a browser would post them: inputs, ticked boxes, text areas and chosen options. */
export function formFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [tag] of page.matchAll(/<input[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type");
    if (!name || type === "submit" || (type === "checkbox" && !/\schecked(=|\s|>)/.test(tag))) continue;
    fields[name] ??= type === "checkbox" ? (attribute(tag, "value") ?? "on") : (attribute(tag, "value") ?? "");
  }
  for (const match of page.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g)) {
    fields[match[1] as string] = decodeEntities((match[2] as string).replace(/^\n/, ""));
  }
  for (const match of page.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const chosen = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(match[2] as string);
    const first = /<option[^>]*value="([^"]*)"/.exec(match[2] as string);
    fields[match[1] as string] = decodeEntities((chosen ?? first)?.[1] ?? "");
  }
  return fields;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1] as string) : undefined;
}

/** The editor's fields as the page holds them, with the version it was opened on. */
export async function openEditor(server: Site, cookie: string, item = "company"): Promise<Record<string, string>> {
  return formFields(await (await ask(server, editorPath(item), {}, { Cookie: cookie })).text());
}

export function save(server: Site, cookie: string, fields: Record<string, string>, item = "company") {
  return ask(server, editorPath(item), form({ ...fields, intent: "save" }), { Cookie: cookie });
}

export function publish(server: Site, cookie: string, item = "company") {
  return ask(server, editorPath(item), form({ intent: "publish" }), { Cookie: cookie });
}
