/**
 * Posts to one of the passkey addresses and reads the JSON answer. An answer
 * that is not ours (a redirect to a page, a proxy's error page) reads as
 * an empty one, so the caller shows its own message.
 */
export async function postForJson(
  url: string,
  body?: unknown,
): Promise<{ ok: boolean; answer: Record<string, unknown> }> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method: "POST",
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.headers.get("content-type")?.includes("application/json")) return { ok: false, answer: {} };
  const answer = (await response.json().catch(() => ({}))) as unknown;
  return {
    ok: response.ok,
    answer: typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>) : {},
  };
}
