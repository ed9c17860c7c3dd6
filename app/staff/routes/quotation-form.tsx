import { data, redirect } from "react-router";
import type { BillingSettings } from "../../server/quotations/billing.ts";
import { type FormState, QuotationChoice, QuotationField } from "../components/quotation/quotation-field.tsx";
import { QuotationOptionFields, type RateChoices } from "../components/quotation/quotation-option-fields.tsx";
import { QuotationSupplyFields } from "../components/quotation/quotation-supply-fields.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { quotationText } from "../content/quotations.ts";
import { staffRequestFor } from "../lib/inbox-request.server.ts";
import { staffPageMeta } from "../lib/page.ts";
import { chargeField, intents, MAX_OPTIONS } from "../lib/quotation-fields.ts";
import {
  changedForm,
  chargeRows,
  initialValues,
  lineRows,
  optionCount,
  proposedPlaceText,
  QUOTATION_FORM_BYTES,
  type QuotationFormErrors,
  type QuotationFormValues,
  type QuotationFormWarnings,
  quotationFormFields,
  rateWarnings,
  readQuotationForm,
  valuesOf,
} from "../lib/quotation-form.server.ts";
import { quotationOfInquiry } from "../lib/quotation-request.server.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/quotation-form";

/**
 * A quotation's draft, new or edited: a plain form that needs no script.
 * Its options (one per quantity the buyer asked for, to start with) are
 * changed by buttons that send the form back as it is typed, changed: a line
 * or an option added, an option removed, the first option's lines copied
 * into another. "Save draft" checks
 * every field on the server and keeps the draft, or returns the form as typed
 * with a message beside each field to correct. A draft saved with a line's
 * rate other than the rate table's comes back to its form, which says beside
 * that rate what the table gives; its page says so too.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  const draft = await draftOf(services, inquiry, params.quotation);
  const { billing } = services.content;
  const now = Date.now();
  const values = draft
    ? valuesOf(draft.content)
    : initialValues(inquiry, { catalog: services.content.services, now, billing });
  const saved = draft !== undefined && new URL(request.url).searchParams.get("done") === "saved";
  return {
    staff: { name: staff.name, email: staff.email },
    reference: inquiry.reference,
    editing: draft !== undefined,
    draftPage: draft && staffPaths.quotation(inquiry.reference, draft.id),
    done: saved ? quotationText.done.saved : undefined,
    ...formView(values, billing),
    errors: {} as QuotationFormErrors,
    warnings: draft ? rateWarnings(draft.content, now, billing) : ({} as QuotationFormWarnings),
    rates: billing.gstRates,
    defaultRate: billing.defaultGstRate,
    units: billing.units,
  };
}

/** What the form shows of its values beyond them: its rows, and the place of supply the rule proposes. */
function formView(values: QuotationFormValues, billing: BillingSettings) {
  const count = optionCount(values);
  return {
    values,
    rows: Array.from({ length: count }, (_, option) => lineRows(values, option)),
    charges: chargeRows(values),
    proposed: proposedPlaceText(values, billing),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  const draft = await draftOf(services, inquiry, params.quotation);
  const form = await readStaffForm(request, quotationFormFields, QUOTATION_FORM_BYTES);
  if (!form) throw data(null, { status: 400 });
  const { intent = "", ...values } = form;
  const { billing } = services.content;
  const changed = changedForm(intent, values);
  if (changed) return { ...formView(changed, billing), errors: {} as QuotationFormErrors, warnings: {} };
  if (intent !== "save") throw data(null, { status: 400 });
  const now = Date.now();
  const read = readQuotationForm(values, { now, billing });
  if ("errors" in read) {
    return data({ ...formView(values, billing), errors: read.errors, warnings: read.warnings }, { status: 400 });
  }
  if (draft && !(await services.quotations.updateDraft(draft.id, read.content, now))) {
    // Sent from another tab meanwhile: its page shows what went.
    throw redirect(staffPaths.quotation(inquiry.reference, draft.id), 303);
  }
  const id =
    draft?.id ?? (await services.quotations.createDraft(inquiry.id, read.content, { email: staff.email }, now));
  // Saved either way; a rate the table does not give is shown where it can be changed.
  const next = Object.keys(read.warnings).length > 0 ? staffPaths.editQuotation : staffPaths.quotation;
  return redirect(`${next(inquiry.reference, id)}?done=saved`, 303);
}

/** The draft an edit's address names, or none for a new quotation; one already sent is shown instead of its form. */
async function draftOf(
  services: Awaited<ReturnType<typeof staffRequestFor>>["services"],
  inquiry: { id: number; reference: string },
  id: string | undefined,
) {
  const draft = id ? await quotationOfInquiry(services, inquiry.id, id) : undefined;
  if (draft && draft.state !== "draft") throw redirect(staffPaths.quotation(inquiry.reference, draft.id), 303);
  return draft;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  staffPageMeta(loaderData?.editing ? quotationText.editTitle : quotationText.newTitle);

export default function QuotationForm({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, reference, editing, draftPage, rates, defaultRate, units } = loaderData;
  const view = actionData ?? loaderData;
  const form: FormState = { values: view.values, errors: view.errors, warnings: view.warnings };
  const words = quotationText.fields;
  const failed = Object.keys(form.errors).length > 0;
  const rateChoices: RateChoices = {
    choices: rates.map((rate) => [String(rate), `${rate} %`] as const),
    fallback: String(defaultRate),
  };
  const count = view.rows.length;
  return (
    <StaffPage
      staff={staff}
      back={{ href: staffPaths.inquiry(reference), label: reference }}
      done={actionData ? undefined : loaderData.done}
    >
      <h1>{editing ? quotationText.editTitle : quotationText.newTitle}</h1>
      {failed && (
        <p className="staff-notice staff-notice--warning" role="alert">
          {quotationText.errorSummary}
        </p>
      )}
      {!failed && Object.keys(form.warnings).length > 0 && (
        <p className="staff-notice staff-notice--warning">
          {quotationText.ratesOffTable} {draftPage && <a href={draftPage}>{quotationText.toDraft}</a>}
        </p>
      )}
      <form method="post" className="staff-form quotation-form" noValidate>
        <input type="hidden" name="options" value={String(count)} />
        <fieldset className="staff-panel">
          <legend>{quotationText.buyer}</legend>
          <div className="quotation-form__grid">
            {(["buyer_name", "buyer_company", "buyer_gstin", "buyer_email", "buyer_phone"] as const).map((name) => (
              <QuotationField key={name} name={name} label={words[name]} form={form} />
            ))}
          </div>
        </fieldset>

        <QuotationSupplyFields form={form} proposed={view.proposed} />

        <section className="quotation-options" aria-labelledby="quotation-options">
          <h2 id="quotation-options">{quotationText.options}</h2>
          <p>{quotationText.optionsHint}</p>
          {view.rows.map((rows, option) => (
            <QuotationOptionFields
              // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position; its fields are named by it.
              key={option}
              option={option}
              count={count}
              rows={rows}
              form={form}
              rates={rateChoices}
            />
          ))}
          <datalist id="quotation-units">
            {units.map((unit) => (
              <option key={unit} value={unit} />
            ))}
          </datalist>
          {count < MAX_OPTIONS && (
            <button type="submit" name="intent" value={intents.addOption} className="staff-button staff-button--quiet">
              {quotationText.addOption}
            </button>
          )}
        </section>

        <fieldset className="staff-panel">
          <legend>{quotationText.oneTimeCharges}</legend>
          <p>{quotationText.oneTimeChargesHint}</p>
          {Array.from({ length: view.charges }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position; its fields are named by it.
            <fieldset key={index} className="quotation-line">
              <legend>{quotationText.charge(index + 1)}</legend>
              <div className="quotation-form__grid">
                <QuotationField name={chargeField(index, "description")} label={words.description} form={form} />
                <QuotationField name={chargeField(index, "hsn")} label={words.hsn} form={form} numeric />
                <QuotationField name={chargeField(index, "amount")} label={words.amount} form={form} decimal />
                <QuotationChoice name={chargeField(index, "rate")} label={words.rate} form={form} {...rateChoices} />
              </div>
            </fieldset>
          ))}
        </fieldset>

        <fieldset className="staff-panel">
          <legend>{quotationText.terms}</legend>
          <QuotationField name="valid_until" label={words.valid_until} form={form} type="date" />
          {(["lead_time", "payment_terms", "delivery_terms", "notes"] as const).map((name) => (
            <QuotationField key={name} name={name} label={words[name]} form={form} multiline />
          ))}
        </fieldset>

        <button type="submit" name="intent" value="save" className="staff-button">
          {quotationText.save}
        </button>
      </form>
    </StaffPage>
  );
}
