import { data } from "react-router";
import { UPLOAD_ID_PATTERN } from "../../server/uploads/artwork.server.ts";
import { staffRequestFor } from "../lib/inbox-request.server.ts";
import type { Route } from "./+types/artwork-preview";

const IMAGE_NAME = /^(\d{1,3})-(large|small)\.webp$/;

/**
 * A preview image of an artwork file, for signed-in staff only, as the file
 * itself: the session is checked first, the file must be that inquiry's, and
 * no copy is kept by the browser or anything between.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { services, inquiry } = await staffRequestFor(request, params.reference);
  const name = params.image.match(IMAGE_NAME);
  const file =
    name && UPLOAD_ID_PATTERN.test(params.file)
      ? await services.uploads?.artwork.fileOf(inquiry.id, params.file)
      : undefined;
  const image =
    file && name
      ? await services.artworkChecks?.image(file.id, Number(name[1]), name[2] as "large" | "small")
      : undefined;
  if (!image) throw data(null, { status: 404 });
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(image.length),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
