import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { photos } from "../../content/photos.ts";
import { drawingUrl, type Service } from "../../content/services.ts";
import { CatalogPhoto } from "./catalog-photo.tsx";
import { ServiceImage } from "./service-image.tsx";

describe("the catalog's photographs", () => {
  test("each has words for those who cannot see it, and files in AVIF, WebP and its own format", () => {
    for (const [name, { image, alt }] of Object.entries(photos)) {
      expect(alt.trim().length, name).toBeGreaterThan(10);
      expect(image.avif.length, name).toBeGreaterThan(1);
      expect(
        image.webp.map((variant) => variant.width),
        name,
      ).toEqual(image.avif.map((variant) => variant.width));
      expect(image.width / image.height, name).toBeGreaterThan(0);
    }
  });

  test("CatalogPhoto describes a photograph with its own words, or none beside a title", () => {
    const [name, { alt }] = Object.entries(photos)[0] as [keyof typeof photos, { alt: string }];
    expect(renderToString(<CatalogPhoto name={name} sizes="100vw" />)).toContain(`alt="${alt}"`);
    expect(renderToString(<CatalogPhoto name={name} sizes="100vw" decorative />)).toContain('alt=""');
  });
});

describe("ServiceImage", () => {
  test("shows a service's photograph when it has one, and its illustration otherwise", () => {
    const box: Service = {
      slug: "box",
      group: "paper-packaging",
      title: "Packaging Box",
      short: "Boxes.",
      drawing: "box",
      photo: null,
    };
    const { image, alt } = photos["cake-boxes"];
    const cake: Service = {
      ...box,
      slug: "cake",
      drawing: "cake",
      photo: { choice: { id: "cake-boxes", alt, focusX: 30, focusY: 60 }, photo: image },
    };
    const photo = renderToString(<ServiceImage service={cake} className="x" sizes="100vw" priority="first-view" />);
    expect(photo).toMatch(/^<picture><source type="image\/avif"/);
    expect(photo).toContain(`alt="${alt}"`);
    expect(photo).toContain("object-position:30% 60%");
    const drawing = renderToString(<ServiceImage service={box} className="x" sizes="100vw" priority="first-view" />);
    expect(drawing).toContain("<img ");
    expect(drawing).not.toContain("<picture");
    expect(drawing).toContain(`src="${drawingUrl("box")}"`);
    expect(drawing).toContain('alt="Illustration of packaging box"');
    expect(drawing).toContain('fetchPriority="high"');
  });
});
