import { data, redirect } from "react-router";
import { StaffField } from "../components/staff-field.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { quotationText } from "../content/quotations.ts";
import { staffRequestFor } from "../lib/inbox-request.server.ts";
import { staffPageMeta } from "../lib/page.ts";
import { lineField, TEXT_LIMIT } from "../lib/quotation-fields.ts";
import {
  initialValues,
  lineRows,
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
 * "Add a line" sends the form back with one more row; "Save draft" checks
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
    values,
    rows: lineRows(values),
    errors: {} as QuotationFormErrors,
    warnings: draft ? rateWarnings(draft.content.lines, now, billing) : ({} as QuotationFormWarnings),
    rates: billing.gstRates,
    defaultRate: billing.defaultGstRate,
    units: billing.units,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  const draft = await draftOf(services, inquiry, params.quotation);
  const form = await readStaffForm(request, quotationFormFields, QUOTATION_FORM_BYTES);
  if (!form) throw data(null, { status: 400 });
  const { intent, ...values } = form;
  if (intent === "add-line") {
    return { values, rows: lineRows(values, 1), errors: {} as QuotationFormErrors, warnings: {} };
  }
  const now = Date.now();
  const read = readQuotationForm(values, { now, billing: services.content.billing });
  if ("errors" in read) {
    return data({ values, rows: lineRows(values), errors: read.errors, warnings: read.warnings }, { status: 400 });
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
  const values: QuotationFormValues = actionData?.values ?? loaderData.values;
  const errors: QuotationFormErrors = actionData?.errors ?? loaderData.errors;
  const warnings: QuotationFormWarnings = actionData?.warnings ?? loaderData.warnings;
  const rows = actionData?.rows ?? loaderData.rows;
  const words = quotationText.fields;
  const failed = Object.keys(errors).length > 0;
  const rate = { rates, defaultRate, values, errors, warnings };
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
      {!failed && Object.keys(warnings).length > 0 && (
        <p className="staff-notice staff-notice--warning">
          {quotationText.ratesOffTable} {draftPage && <a href={draftPage}>{quotationText.toDraft}</a>}
        </p>
      )}
      <form method="post" className="staff-form quotation-form" noValidate>
        <fieldset className="staff-panel">
          <legend>{quotationText.buyer}</legend>
          <div className="quotation-form__grid">
            {(["buyer_name", "buyer_company", "buyer_gstin", "buyer_email", "buyer_phone", "buyer_pin"] as const).map(
              (name) => (
                <Field key={name} name={name} label={words[name]} values={values} errors={errors} />
              ),
            )}
          </div>
        </fieldset>

        <fieldset className="staff-panel">
          <legend>{quotationText.lines}</legend>
          {Array.from({ length: rows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position; its fields are named by it.
            <fieldset key={index} className="quotation-line">
              <legend>{quotationText.line(index + 1)}</legend>
              <Field
                name={lineField(index, "description")}
                label={words.description}
                values={values}
                errors={errors}
                multiline
              />
              <div className="quotation-form__grid">
                <Field name={lineField(index, "hsn")} label={words.hsn} values={values} errors={errors} numeric />
                <Field
                  name={lineField(index, "quantity")}
                  label={words.quantity}
                  values={values}
                  errors={errors}
                  decimal
                />
                <Field
                  name={lineField(index, "unit")}
                  label={words.unit}
                  values={values}
                  errors={errors}
                  list="quotation-units"
                />
                <Field name={lineField(index, "price")} label={words.price} values={values} errors={errors} decimal />
                <RateField name={lineField(index, "rate")} {...rate} />
              </div>
            </fieldset>
          ))}
          <datalist id="quotation-units">
            {units.map((unit) => (
              <option key={unit} value={unit} />
            ))}
          </datalist>
          <button type="submit" name="intent" value="add-line" className="staff-button staff-button--quiet">
            {quotationText.addLine}
          </button>
        </fieldset>

        <fieldset className="staff-panel">
          <legend>{quotationText.charges}</legend>
          <div className="quotation-form__grid">
            {(["discount", "packing", "freight"] as const).map((name) => (
              <Field key={name} name={name} label={words[name]} values={values} errors={errors} />
            ))}
          </div>
        </fieldset>

        <fieldset className="staff-panel">
          <legend>{quotationText.terms}</legend>
          <Field name="valid_until" label={words.valid_until} values={values} errors={errors} type="date" />
          {(["lead_time", "payment_terms", "delivery_terms", "notes"] as const).map((name) => (
            <Field key={name} name={name} label={words[name]} values={values} errors={errors} multiline />
          ))}
        </fieldset>

        <button type="submit" name="intent" value="save" className="staff-button">
          {quotationText.save}
        </button>
      </form>
    </StaffPage>
  );
}

type FieldProps = {
  name: string;
  label: string;
  values: QuotationFormValues;
  errors: QuotationFormErrors;
  multiline?: boolean;
  numeric?: boolean;
  decimal?: boolean;
  type?: "date";
  list?: string;
};

/** A labelled field with its message beside it, tied to it for screen readers. */
function Field({ name, label, values, errors, multiline, numeric, decimal, type, list }: FieldProps) {
  return (
    <StaffField id={name} label={label} error={errors[name]}>
      {(described) => {
        const common = { id: name, name, defaultValue: values[name] ?? "", maxLength: TEXT_LIMIT, ...described };
        return multiline ? (
          <textarea rows={2} {...common} />
        ) : (
          <input
            type={type ?? "text"}
            inputMode={numeric ? "numeric" : decimal ? "decimal" : undefined}
            list={list}
            {...common}
          />
        );
      }}
    </StaffField>
  );
}

/** A line's GST rate, one of those a line may carry, with what the rate table gives beside it when that differs. */
function RateField({
  name,
  rates,
  defaultRate,
  values,
  errors,
  warnings,
}: {
  name: string;
  rates: readonly number[];
  defaultRate: number;
  values: QuotationFormValues;
  errors: QuotationFormErrors;
  warnings: QuotationFormWarnings;
}) {
  return (
    <StaffField id={name} label={quotationText.fields.rate} hint={warnings[name]} error={errors[name]}>
      {(described) => (
        <select id={name} name={name} defaultValue={values[name] || String(defaultRate)} {...described}>
          {rates.map((rate) => (
            <option key={rate} value={rate}>
              {rate} %
            </option>
          ))}
        </select>
      )}
    </StaffField>
  );
}
