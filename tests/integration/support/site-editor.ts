import { ask, form, type Site } from "./staff-sites.ts";

// The company's details editor as a browser posts it, for the tests of the site's content.

export const newPhone = "+91 90123 45678";

/** The editor's fields as the page holds them, with the version it was opened on. */
export async function openEditor(server: Site, cookie: string): Promise<Record<string, string>> {
  const page = await (await ask(server, "/inbox/site/company", {}, { Cookie: cookie })).text();
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[match[1] as string] = decodeEntities(match[2] as string);
  }
  for (const match of page.matchAll(/<input[^>]*value="([^"]*)"[^>]*name="([^"]+)"/g)) {
    fields[match[2] as string] ??= decodeEntities(match[1] as string);
  }
  return fields;
}

function decodeEntities(text: string): string {
  return text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<");
}

export function save(server: Site, cookie: string, fields: Record<string, string>) {
  return ask(server, "/inbox/site/company", form({ ...fields, intent: "save" }), { Cookie: cookie });
}

export function publish(server: Site, cookie: string) {
  return ask(server, "/inbox/site/company", form({ intent: "publish" }), { Cookie: cookie });
}
