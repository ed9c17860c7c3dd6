import type { FormRefusal } from "./form-refusals.ts";
import { discard, readLimited } from "./request-body.server.ts";

export type FormProblem = { status: 400 | 413 | 415; reason: FormRefusal };

export type FormBody = {
  /** Every field that could be read, each once, even when the form as a whole was refused. */
  fields: Record<string, string>;
  problem?: FormProblem;
};

/** More fields than any form of the site has is not one of its forms. */
const MAX_FIELDS = 20;

/**
 * Reads an urlencoded form strictly, where request.formData() would be lenient:
 * at most limitBytes, valid UTF-8 only, each known field once, nothing else.
 * Browsers send exactly this; anything different is refused with a reason.
 */
export async function readFormBody(
  request: Request,
  options: { limitBytes: number; fields: ReadonlySet<string>; maxFields?: number },
): Promise<FormBody> {
  if (!isUrlEncodedForm(request.headers.get("content-type"))) {
    await discard(request.body?.getReader());
    return { fields: {}, problem: { status: 415, reason: "notAForm" } };
  }
  const bytes = await readLimited(request, options.limitBytes);
  if (bytes === "too large") return { fields: {}, problem: { status: 413, reason: "tooLarge" } };
  if (bytes === "cut off") return { fields: {}, problem: { status: 400, reason: "reload" } };

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { fields: {}, problem: { status: 400, reason: "notText" } };
  }

  const fields: Record<string, string> = {};
  let problem: FormProblem | undefined;
  const pairs = text.split("&").filter((pair) => pair !== "");
  if (pairs.length > (options.maxFields ?? MAX_FIELDS)) {
    return { fields, problem: { status: 400, reason: "unexpectedFields" } };
  }
  for (const pair of pairs) {
    const split = pair.indexOf("=");
    const name = decodeComponent(split === -1 ? pair : pair.slice(0, split));
    const value = decodeComponent(split === -1 ? "" : pair.slice(split + 1));
    if (name === undefined || value === undefined) {
      problem ??= { status: 400, reason: "notText" };
    } else if (!options.fields.has(name)) {
      problem ??= { status: 400, reason: "unexpectedFields" };
    } else if (Object.hasOwn(fields, name)) {
      problem ??= { status: 400, reason: "repeatedField" };
    } else {
      fields[name] = value;
    }
  }
  return problem ? { fields, problem } : { fields };
}

function isUrlEncodedForm(contentType: string | null): boolean {
  if (!contentType) return false;
  const [type = "", ...parameters] = contentType.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/x-www-form-urlencoded") return false;
  return parameters.every((parameter) => !parameter.startsWith("charset=") || /^charset="?utf-8"?$/.test(parameter));
}

/** The urlencoded rules, with invalid escapes and broken UTF-8 refused rather than replaced. */
function decodeComponent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return undefined;
  }
}
