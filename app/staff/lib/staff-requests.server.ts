import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import * as v from "valibot";
import { readFormBody } from "../../server/forms/form-body.server.ts";
import { readLimited } from "../../server/forms/request-body.server.ts";
import { CHALLENGE_LIFETIME_MS } from "../../server/staff/passkeys.server.ts";
import type { CeremonyStart } from "../../server/staff/webauthn.server.ts";

/** The largest staff form: a note at its longest, percent-encoded, with room to spare. */
const FORM_LIMIT_BYTES = 32 * 1024;
/** A passkey's answer is a few kilobytes at most. */
const JSON_LIMIT_BYTES = 32 * 1024;

/**
 * Every staff form's fields, read strictly (only the named fields, each once,
 * within the limit); undefined when it is not one of our forms as a browser
 * sends it, and each page answers that in its own words.
 */
export async function readStaffForm(
  request: Request,
  fields: readonly string[],
  limitBytes = FORM_LIMIT_BYTES,
): Promise<Record<string, string> | undefined> {
  const body = await readFormBody(request, { limitBytes, fields: new Set(fields), maxFields: fields.length });
  return body.problem ? undefined : body.fields;
}

/** A JSON body of at most a few kilobytes, parsed; undefined for anything else. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json" || !request.body) return undefined;
  const bytes = await readLimited(request, JSON_LIMIT_BYTES);
  if (typeof bytes === "string") return undefined;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

const base64url = v.pipe(v.string(), v.regex(/^[\w-]*$/), v.maxLength(8192));

const authenticationResponse = v.looseObject({
  id: base64url,
  rawId: base64url,
  type: v.literal("public-key"),
  response: v.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: v.optional(base64url),
  }),
  clientExtensionResults: v.looseObject({}),
});

const registrationRequest = v.object({
  name: v.pipe(v.string(), v.maxLength(200)),
  response: v.looseObject({
    id: base64url,
    rawId: base64url,
    type: v.literal("public-key"),
    response: v.looseObject({
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(40)))),
    }),
    clientExtensionResults: v.looseObject({}),
  }),
});

/** A passkey's sign-in answer in the shape the browser library sends, or undefined. */
export function asAuthenticationResponse(body: unknown): AuthenticationResponseJSON | undefined {
  const result = v.safeParse(authenticationResponse, body);
  return result.success ? (result.output as AuthenticationResponseJSON) : undefined;
}

/** A new passkey's name and answer, or undefined. */
export function asRegistrationRequest(body: unknown): { name: string; response: RegistrationResponseJSON } | undefined {
  const result = v.safeParse(registrationRequest, body);
  return result.success ? (result.output as { name: string; response: RegistrationResponseJSON }) : undefined;
}

/** A JSON answer (kept by no cache, as every staff answer: server/http-app.ts). */
export function jsonAnswer(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: init.headers ?? {} });
}

/**
 * A ceremony's options, with the cookie that binds them to this browser; or a
 * refusal: 429 while this client (or account) holds enough open challenges
 * already, 503 when the site holds as many as it keeps.
 */
export function ceremonyAnswer(start: CeremonyStart<unknown>, refusal: string): Response {
  if ("options" in start) return jsonAnswer({ options: start.options }, { headers: { "Set-Cookie": start.setCookie } });
  const busyClient = start.refused === "too many from this client";
  return jsonAnswer(
    { error: refusal },
    {
      status: busyClient ? 429 : 503,
      headers: { "Retry-After": String(busyClient ? Math.ceil(CHALLENGE_LIFETIME_MS / 1000) : 60) },
    },
  );
}

/** Each cookie as a Set-Cookie header of its own, as browsers need them. */
export function setCookies(cookies: readonly string[]): [string, string][] {
  return cookies.map((cookie) => ["Set-Cookie", cookie]);
}
