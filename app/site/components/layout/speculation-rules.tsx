import { staffAreaPath } from "../../content/urls.ts";

/**
 * Lets the browser fetch a page as soon as the pointer rests on a link to it
 * (or a finger touches it), so the next page is usually there before the click.
 * Never the staff area: a hover must not fetch an export or an inquiry.
 */
export const speculationRules = JSON.stringify({
  prefetch: [
    {
      where: { and: [{ href_matches: "/*" }, { not: { href_matches: `${staffAreaPath}{/*}?` } }] },
      eagerness: "moderate",
    },
  ],
});

export function SpeculationRules() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed JSON of our own.
  return <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationRules }} />;
}
