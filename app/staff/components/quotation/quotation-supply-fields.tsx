import { GST_TREATMENTS } from "../../../server/quotations/gst-treatment.ts";
import { gstStates } from "../../../server/quotations/gstin.ts";
import { quotationText } from "../../content/quotations.ts";
import { type FormState, QuotationCheck, QuotationChoice, QuotationField } from "./quotation-field.tsx";

const stateChoices = Object.entries(gstStates).map(([code, name]) => [code, `${name} (${code})`] as const);
const treatmentChoices = GST_TREATMENTS.map((treatment) => [treatment, quotationText.treatments[treatment]] as const);

/**
 * Where the quotation is billed and delivered, how GST applies to the buyer,
 * and the place of supply: the one the rule proposes from what was typed
 * (shown as it stood when the form was last sent), or another state chosen
 * with a reason, which is kept.
 */
export function QuotationSupplyFields({ form, proposed }: { form: FormState; proposed: string }) {
  const words = quotationText.fields;
  const fromPin = ["", "—"] as const;
  return (
    <fieldset className="staff-panel">
      <legend>{quotationText.addresses}</legend>
      <div className="quotation-form__grid">
        <QuotationField name="billing_address" label={words.billing_address} form={form} multiline />
        <QuotationField name="billing_pin" label={words.billing_pin} form={form} numeric />
        <QuotationChoice
          name="billing_state"
          label={words.billing_state}
          form={form}
          choices={[fromPin, ...stateChoices]}
          fallback=""
        />
      </div>
      <div className="quotation-form__grid">
        <QuotationField name="delivery_address" label={words.delivery_address} form={form} multiline />
        <QuotationField name="delivery_pin" label={words.delivery_pin} form={form} numeric />
        <QuotationChoice
          name="delivery_state"
          label={words.delivery_state}
          form={form}
          choices={[fromPin, ...stateChoices]}
          fallback=""
        />
      </div>
      <QuotationCheck name="third_party" label={words.third_party} form={form} />
      <div className="quotation-form__grid">
        <QuotationChoice
          name="treatment"
          label={words.treatment}
          form={form}
          choices={treatmentChoices}
          fallback="unregistered"
        />
        <QuotationField name="lut_number" label={words.lut_number} form={form} />
      </div>
      <div className="quotation-form__grid">
        <QuotationChoice
          name="place_state"
          label={words.place_state}
          form={form}
          choices={[["", quotationText.placeAsProposed], ...stateChoices]}
          fallback=""
          hint={proposed}
        />
        <QuotationField name="place_reason" label={words.place_reason} form={form} />
      </div>
    </fieldset>
  );
}
