import { Readable } from "node:stream";
import { create as attachment } from "content-disposition";
import { data } from "react-router";
import { UPLOAD_ID_PATTERN } from "../../server/uploads/artwork.server.ts";
import { artworkKindLabels, formatBytes } from "../../server/uploads/artwork-kinds.ts";
import { staffRequestFor } from "../lib/inbox-request.server.ts";
import type { Route } from "./+types/artwork-file";

/**
 * One artwork file of an inquiry, for signed-in staff only: always a
 * download, never shown in the browser (whatever the file claims to be), under
 * a name made safe when it was received. The session is checked before
 * anything else, as on every address of the inbox.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  const uploads = services.uploads;
  const file =
    uploads && UPLOAD_ID_PATTERN.test(params.file) ? await uploads.artwork.fileOf(inquiry.id, params.file) : undefined;
  if (!uploads || !file) throw data(null, { status: 404 });
  const stream = await uploads.artwork.read(file.id);
  // Who took a copy of a buyer's artwork, and when; the file's kind and size, never its name.
  await services.audit.record({
    actor: staff.email,
    action: "downloaded a file",
    inquiryId: inquiry.id,
    detail: `${artworkKindLabels[file.kind]}, ${formatBytes(file.size)}`,
  });
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": attachment(file.name),
      "Content-Length": String(file.size),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
