import { data, redirect } from "react-router";
import type { LibraryEntry } from "../../server/photos/photo-library.server.ts";
import { readPhotoPost } from "../../server/photos/photo-post.server.ts";
import {
  PHOTO_PLACES,
  type PhotoPlace,
  type PhotoRefusal,
  photoFormFields,
  photoPixelLimit,
  photoSizeLimit,
  placeMinimum,
} from "../../server/photos/photo-rules.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { StaffField } from "../components/staff-field.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { type SitePhotosNotice, sitePhotosText as text } from "../content/site-photos.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { requireStaff } from "../lib/require-staff.server.ts";
import { refuseUnless, shownTime } from "../lib/site-editor.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/site-photos";

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireStaff(request);
  const photos = await siteServices().photos.list();
  return { member, photos: photos.map(listed), notice: readNotice(request) };
}

export async function action({ request }: Route.ActionArgs) {
  const member = await requireStaff(request);
  refuseUnless(member, "canEditDrafts");
  const post = await readPhotoPost(request);
  if (post.kind === "unreadable") throw data(text.unreadable, { status: 400 });
  const outcome =
    post.kind === "refused"
      ? post.refusal
      : await siteServices().photos.save({
          place: post.place,
          name: post.name,
          bytes: post.bytes,
          by: { id: member.id, email: member.email },
        });
  if ("refusal" in outcome) {
    return data({ place: post.place, problem: text.refusal(outcome) }, { status: statusOf(outcome) });
  }
  const notice: SitePhotosNotice = outcome.added ? "uploaded" : "already";
  return redirect(`${staffPaths.sitePhotos}?notice=${notice}`, 303);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = () => staffPageMeta(text.title);

/** A photograph as its line of the list shows it: a small file of it, where it goes, how large, who and when. */
function listed(entry: LibraryEntry) {
  const { photo } = entry;
  const smallest = photo.webp[0] ?? photo.fallback.variants[0];
  return {
    id: entry.id,
    place: entry.place,
    name: entry.originalName,
    width: photo.width,
    height: photo.height,
    color: photo.color,
    thumbnail: smallest && {
      src: smallest.src,
      width: smallest.width,
      height: Math.round((photo.height * smallest.width) / photo.width),
    },
    uploaded: shownTime(entry.uploadedAt),
    by: entry.uploadedBy?.name ?? null,
  };
}

function readNotice(request: Request): SitePhotosNotice | null {
  const notice = new URL(request.url).searchParams.get("notice");
  return notice !== null && Object.hasOwn(text.notices, notice) ? (notice as SitePhotosNotice) : null;
}

/** Too large a file or picture is 413, as a form too large is; anything else the form's 400. */
function statusOf({ refusal }: PhotoRefusal): number {
  return refusal === "too-many-bytes" || refusal === "too-many-pixels" ? 413 : 400;
}

const FILE_TYPES = "image/jpeg,image/png,image/webp,image/avif";

export default function SitePhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { member, photos } = loaderData;
  const notice = actionData ? null : loaderData.notice;
  const chosenPlace: PhotoPlace = actionData?.place ?? "service";
  return (
    <StaffPage
      staff={member}
      back={{ href: staffPaths.site, label: text.backToSite }}
      done={notice ? text.notices[notice] : undefined}
    >
      <h1>{text.heading}</h1>
      <p>{text.intro}</p>
      <h2>{text.formHeading}</h2>
      <form method="post" action={staffPaths.sitePhotos} encType="multipart/form-data" className="staff-form">
        <StaffField id={photoFormFields.place} label={text.place.label} hint={text.place.hint}>
          {(described) => (
            <select id={photoFormFields.place} name={photoFormFields.place} defaultValue={chosenPlace} {...described}>
              {PHOTO_PLACES.map((place) => (
                <option key={place} value={place}>
                  {text.place.option(place, placeMinimum(place))}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField
          id={photoFormFields.file}
          label={text.file.label}
          hint={text.file.hint(photoSizeLimit, photoPixelLimit)}
          error={actionData?.problem}
        >
          {(described) => (
            <input
              id={photoFormFields.file}
              type="file"
              name={photoFormFields.file}
              accept={FILE_TYPES}
              required
              {...described}
            />
          )}
        </StaffField>
        <div>
          <button type="submit" className="staff-button">
            {text.upload}
          </button>
        </div>
      </form>
      <h2>{text.libraryHeading}</h2>
      {photos.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <ul className="photo-library">
          {photos.map((photo) => (
            <li key={photo.id} className="photo-library__item">
              {photo.thumbnail && (
                // Its name and place are beside it; the picture adds nothing to read.
                <img
                  className="photo-library__thumbnail"
                  src={photo.thumbnail.src}
                  width={photo.thumbnail.width}
                  height={photo.thumbnail.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  style={{ backgroundColor: photo.color }}
                />
              )}
              <div className="photo-library__about">
                <p className="photo-library__name">{photo.name}</p>
                <p>{text.places[photo.place]}</p>
                <p>{text.dimensions(photo.width, photo.height)}</p>
                <p>{text.uploaded(photo.uploaded, photo.by)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </StaffPage>
  );
}
