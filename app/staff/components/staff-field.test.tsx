import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { StaffField } from "./staff-field.tsx";

const staffArea = path.resolve(import.meta.dirname, "..");

function field(props: Omit<Parameters<typeof StaffField>[0], "id" | "label" | "children">) {
  return renderToStaticMarkup(
    <StaffField id="f" label="Field" {...props}>
      {(described) => <input id="f" {...described} />}
    </StaffField>,
  );
}

describe("a staff field", () => {
  test("with nothing to add, its control is neither described nor invalid", () => {
    expect(field({})).toBe('<div class="staff-field"><label for="f">Field</label><input id="f"/></div>');
  });

  test("reads its error, then its hint, with the control, and marks it invalid", () => {
    const html = field({ hint: "A hint", error: "Wrong" });
    expect(html).toContain('<input id="f" aria-invalid="true" aria-describedby="f-error f-hint"/>');
    expect(html).toContain('<p id="f-hint" class="staff-field__hint">A hint</p>');
    expect(html).toContain('<p id="f-error" class="staff-field__error">Wrong</p>');
  });

  test("reads a refusal of the whole form first, and is marked invalid by it", () => {
    expect(field({ hint: "A hint", refusal: "form-refused" })).toContain(
      '<input id="f" aria-invalid="true" aria-describedby="form-refused f-hint"/>',
    );
  });

  test("as a tick box, puts the box before its label", () => {
    expect(field({ hint: "A hint", check: true })).toBe(
      '<div class="staff-field staff-field--check"><input id="f" aria-describedby="f-hint"/>' +
        '<label for="f">Field</label><p id="f-hint" class="staff-field__hint">A hint</p></div>',
    );
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test("every staff form writes its fields through StaffField, so each hint and error is tied to its control", () => {
  const own = path.join(staffArea, "components", "staff-field.tsx");
  const byHand = sourceFiles(staffArea)
    .filter((file) => file !== own)
    .filter((file) => /<label\b|"staff-field(__[a-z]+)?"/.test(readFileSync(file, "utf8")))
    .map((file) => path.relative(staffArea, file));
  expect(byHand).toEqual([]);
});
