import { PRICE_PER } from "../../../server/quotations/gst.ts";
import { quotationText } from "../../content/quotations.ts";
import { intents, lineField, optionField } from "../../lib/quotation-fields.ts";
import { type FormState, QuotationChoice, QuotationField } from "./quotation-field.tsx";

/** The GST rates a line may carry, as the form offers them, and the one a new line starts at. */
export type RateChoices = { choices: readonly (readonly [string, string])[]; fallback: string };

const perChoices = PRICE_PER.map((per) => [String(per), quotationText.pricePer[per] ?? String(per)] as const);

/**
 * One option of the quotation: its name, its lines (with "Add a line"), its
 * own discount, packing and freight, and the buttons that copy the first
 * option's lines into it or remove it. Each button posts the form back.
 */
export function QuotationOptionFields({
  option,
  count,
  rows,
  form,
  rates,
}: {
  option: number;
  count: number;
  rows: number;
  form: FormState;
  rates: RateChoices;
}) {
  const words = quotationText.fields;
  return (
    <fieldset className="staff-panel quotation-option">
      <legend>{quotationText.option(option + 1)}</legend>
      <QuotationField name={optionField(option, "label")} label={words.label} form={form} />
      <input type="hidden" name={optionField(option, "rows")} value={String(rows)} />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position; its fields are named by it.
        <fieldset key={index} className="quotation-line">
          <legend>{quotationText.line(index + 1)}</legend>
          <QuotationField
            name={lineField(option, index, "description")}
            label={words.description}
            form={form}
            multiline
          />
          <div className="quotation-form__grid">
            <QuotationField name={lineField(option, index, "hsn")} label={words.hsn} form={form} numeric />
            <QuotationField name={lineField(option, index, "quantity")} label={words.quantity} form={form} decimal />
            <QuotationField
              name={lineField(option, index, "unit")}
              label={words.unit}
              form={form}
              list="quotation-units"
            />
            <QuotationField name={lineField(option, index, "price")} label={words.price} form={form} decimal />
            <QuotationChoice
              name={lineField(option, index, "per")}
              label={words.per}
              form={form}
              choices={perChoices}
              fallback="1"
            />
            <QuotationField name={lineField(option, index, "line_discount")} label={words.line_discount} form={form} />
            <QuotationChoice name={lineField(option, index, "rate")} label={words.rate} form={form} {...rates} />
          </div>
        </fieldset>
      ))}
      <div className="quotation-form__grid">
        {(["discount", "packing", "freight"] as const).map((name) => (
          <QuotationField key={name} name={optionField(option, name)} label={words[name]} form={form} />
        ))}
      </div>
      <div className="quotation-option__actions">
        <button
          type="submit"
          name="intent"
          value={intents.addLine(option)}
          className="staff-button staff-button--quiet"
        >
          {count > 1 ? quotationText.addLineTo(option + 1) : quotationText.addLine}
        </button>
        {option > 0 && (
          <button
            type="submit"
            name="intent"
            value={intents.copyLines(option)}
            className="staff-button staff-button--quiet"
          >
            {quotationText.copyLines(option + 1)}
          </button>
        )}
        {count > 1 && (
          <button
            type="submit"
            name="intent"
            value={intents.removeOption(option)}
            className="staff-button staff-button--quiet"
          >
            {quotationText.removeOption(option + 1)}
          </button>
        )}
      </div>
    </fieldset>
  );
}
