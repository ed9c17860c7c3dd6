import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { photos } from "../../content/photos.ts";
import { drawingUrl, type Service, serviceDrawings } from "../../content/services.ts";
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
    const drawing = renderToString(<ServiceImage service={box} className="x" sizes="100vw" />);
    expect(drawing).toContain("<img ");
    expect(drawing).not.toContain("<picture");
    expect(drawing).toContain(`src="${drawingUrl("box")}"`);
    expect(drawing).toContain('alt="Illustration of packaging box"');
    expect(drawing).toContain('loading="lazy"');
  });

  test("writes the first view's drawing into the page, so it paints with the words and asks for no file", () => {
    const cake: Service = {
      slug: "cake",
      group: "paper-packaging",
      title: "Cake Box",
      short: "Boxes.",
      drawing: "cake",
      photo: null,
    };
    const shown = renderToString(<ServiceImage service={cake} className="x" sizes="100vw" priority="first-view" />);
    expect(shown).toMatch(/^<svg class="x" viewBox="0 0 480 360" width="480" height="360" role="img"/);
    expect(shown).toContain('aria-label="Illustration of cake box"');
    expect(shown).not.toContain("<img");
    expect(shown).not.toContain(serviceDrawings.sprite);
    // Its ids are its own in the page, and what points at them follows.
    expect(shown).toContain('id="drawing-cake-w"');
    expect(shown).toContain("url(#drawing-cake-w)");
    expect(shown).not.toMatch(/id="w"|url\(#w\)/);

    const beside = renderToString(
      <ServiceImage service={cake} className="x" sizes="100vw" priority="first-view" decorative />,
    );
    expect(beside).toContain('aria-hidden="true"');
    expect(beside).not.toContain("aria-label");
  });
});
