/** The quotation form's field names and sizes, shared by the page and the server that reads it. */
import { MAX_ONE_TIME_CHARGES, MAX_OPTIONS } from "../../server/quotations/quotation-options.ts";

export { MAX_ONE_TIME_CHARGES, MAX_OPTIONS };

/** Lines one option may have: a box, its lid, an insert and their printing, with room to spare. */
export const MAX_OPTION_LINES = 8;
/** Within the form body every post may have (64 KB): 6 options of 8 lines of 500 characters, and room for the rest. */
export const TEXT_LIMIT = 500;

export const lineNames = ["description", "hsn", "quantity", "unit", "price", "per", "line_discount", "rate"] as const;
export type LineName = (typeof lineNames)[number];

/** A line's field: option and line counted from 0. */
export const lineField = (option: number, index: number, name: LineName) => `o${option}_line_${index}_${name}`;

export const optionNames = ["label", "rows", "discount", "packing", "freight"] as const;
export type OptionFieldName = (typeof optionNames)[number];

export const optionField = (option: number, name: OptionFieldName) => `o${option}_${name}`;

export const chargeNames = ["description", "hsn", "amount", "rate"] as const;
export type ChargeName = (typeof chargeNames)[number];

export const chargeField = (index: number, name: ChargeName) => `charge_${index}_${name}`;

/** The buttons that post the form back to change it rather than save it, each naming the option it acts on. */
export const intents = {
  addLine: (option: number) => `add-line-${option}`,
  removeOption: (option: number) => `remove-option-${option}`,
  copyLines: (option: number) => `copy-lines-${option}`,
  addOption: "add-option",
} as const;
