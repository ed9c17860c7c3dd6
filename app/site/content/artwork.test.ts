import { describe, expect, test } from "vitest";
import {
  artworkKindExtensions,
  artworkKinds,
  artworkPickerAccept,
  quoteUploadsPath,
} from "../../server/uploads/artwork-kinds.ts";
import { acceptedArtwork } from "./artwork.ts";
import { paths } from "./urls.ts";

describe("the artwork kinds as buyers meet them", () => {
  test("the form names every kind the server takes, in its own words", () => {
    expect(acceptedArtwork).toBe("PDF, AI, EPS, CDR (CorelDRAW), PSD, TIFF, PNG, JPEG, SVG or ZIP");
  });

  test("the file picker offers each kind's usual extension", () => {
    const offered = artworkPickerAccept.split(",");
    for (const kind of artworkKinds) expect(offered, kind).toContain(`.${artworkKindExtensions[kind][0]}`);
  });

  test("files are uploaded under the quote page's address, which the domain names for the HTTP layer", () => {
    expect(quoteUploadsPath.startsWith(`${paths.quote}/`)).toBe(true);
  });
});
