import type { BoxRequest } from "./requested-size.ts";

/** A range of millimetres a flat blank's side may measure, and the figure a designer would usually draw. */
type Span = { min: number; max: number; usual: number };

/** The flat blank of a box: across its panels, and along its height with the closures. */
export type FlatLayout = { across: Span; along: Span };

/**
 * What a die's lines add to a box's inner size, in millimetres: the glue flap
 * (12 to 20 mm), each tuck flap (10 to 25 mm), and board thickness at the folds,
 * which adds up to 3 mm across a blank. Designers differ within these; beyond
 * them the die is likely for another size.
 */
const GLUE_FLAP = { min: 12, max: 20, usual: 15 };
const TUCK_FLAP = { min: 10, max: 25, usual: 15 };
const FOLDS = 3;

const span = (base: number, extra: { min: number; max: number; usual: number }, times = 1): Span => ({
  min: base + times * extra.min,
  max: base + times * extra.max + FOLDS,
  usual: base + times * extra.usual,
});

/**
 * The flat layout of the styles whose blank follows from the inner size alone
 * (ECMA's tuck-end carton, for the reverse tuck end and the mono carton, and
 * the sleeve): four panels and a glue flap across, and along it the height,
 * with for a tuck end a closure panel as deep as the box and a tuck flap at
 * each end. Other styles (crash-lock bottoms, trays, rigid boxes, mailers,
 * bags) depend on choices the request does not give: undefined.
 */
export function flatLayout(box: BoxRequest): FlatLayout | undefined {
  const { length, width, height } = box;
  if (![length, width, height].every((side) => Number.isFinite(side) && side > 0)) return undefined;
  const around = 2 * (length + width);
  switch (box.style) {
    case "tuckEnd":
    case "monoCarton":
      return { across: span(around, GLUE_FLAP), along: span(height + 2 * width, TUCK_FLAP, 2) };
    case "sleeve":
      return { across: span(around, GLUE_FLAP), along: { min: height - 1, max: height + FOLDS, usual: height } };
    default:
      return undefined;
  }
}

const within = (value: number, range: Span) => value >= range.min && value <= range.max;

/** Whether a dieline of this extent is the blank of the layout, either way round. */
export function fitsLayout(size: { width: number; height: number }, layout: FlatLayout): boolean {
  return (
    (within(size.width, layout.across) && within(size.height, layout.along)) ||
    (within(size.height, layout.across) && within(size.width, layout.along))
  );
}
