/** The quotation form's field names and sizes, shared by the page and the server that reads it. */

export const MAX_LINES = 30;
/** Within the form body every post may have (64 KB): 30 lines of 500 characters, and room for the rest. */
export const TEXT_LIMIT = 500;

export const lineNames = ["description", "hsn", "quantity", "unit", "price", "rate"] as const;

export const lineField = (index: number, name: (typeof lineNames)[number]) => `line_${index}_${name}`;
