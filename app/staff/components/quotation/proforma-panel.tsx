import type { AdvanceField } from "../../../server/quotations/advance-form.ts";
import { PAYMENT_REFERENCE_MAX } from "../../../server/quotations/proforma.ts";
import { proformaText } from "../../content/quotations.ts";
import { StaffField } from "../staff-field.tsx";

/** The proforma as its panel shows it: every amount and day already in words. */
export type ProformaSummary = {
  number: string;
  issuedOn: string;
  advance: string;
  percent: number;
  total: string;
  pdf: string;
  mail: { words: string; canSendAgain: boolean } | undefined;
  received: { amount: string; on: string; reference: string; by: string } | undefined;
  /** What the form to record the advance starts with: the amount asked for, today. */
  suggested: { amount: string; on: string };
};

/** What a refused form sent back: the problems by field, and what was typed. */
export type AdvanceRefusal = {
  problems: Partial<Record<AdvanceField | "advancePercent", string>>;
  values: Partial<Record<AdvanceField | "advancePercent", string>>;
};

/**
 * On an accepted quotation's page: the form that issues the proforma for the
 * advance, then the proforma, its mail, and the advance as it arrives.
 */
export function ProformaPanel({
  proforma,
  total,
  defaultPercent,
  refused,
}: {
  proforma: ProformaSummary | undefined;
  total: string;
  defaultPercent: number;
  refused: AdvanceRefusal | undefined;
}) {
  return (
    <section className="staff-panel" aria-labelledby="proforma">
      <h2 id="proforma">{proformaText.heading}</h2>
      {proforma ? (
        <IssuedProforma proforma={proforma} refused={refused} />
      ) : (
        <IssueForm {...{ total, defaultPercent, refused }} />
      )}
    </section>
  );
}

function IssueForm({
  total,
  defaultPercent,
  refused,
}: {
  total: string;
  defaultPercent: number;
  refused: AdvanceRefusal | undefined;
}) {
  return (
    <form method="post" className="staff-form">
      <p>{proformaText.none}</p>
      <input type="hidden" name="intent" value="issue-proforma" />
      <StaffField
        id="advancePercent"
        label={proformaText.percent}
        hint={proformaText.percentHint(total)}
        error={refused?.problems.advancePercent}
      >
        {(described) => (
          <input
            id="advancePercent"
            name="advancePercent"
            inputMode="numeric"
            pattern="[0-9]{1,3}"
            required
            size={4}
            defaultValue={refused?.values.advancePercent ?? String(defaultPercent)}
            {...described}
          />
        )}
      </StaffField>
      <div>
        <button type="submit" className="staff-button">
          {proformaText.issue}
        </button>
      </div>
    </form>
  );
}

function IssuedProforma({ proforma, refused }: { proforma: ProformaSummary; refused: AdvanceRefusal | undefined }) {
  const { received } = proforma;
  return (
    <>
      <p>{proformaText.issued(proforma.number, proforma.issuedOn)}</p>
      <p>{proformaText.asked(proforma.advance, proforma.percent, proforma.total)}</p>
      <p>
        <a className="staff-button staff-button--quiet" href={proforma.pdf}>
          {proformaText.pdf}
        </a>
      </p>
      {proforma.mail && (
        <p>
          {proformaText.mailState}: {proforma.mail.words}
        </p>
      )}
      {proforma.mail?.canSendAgain && (
        <form method="post">
          <button type="submit" name="intent" value="send-proforma-again" className="staff-button staff-button--quiet">
            {proformaText.sendAgain}
          </button>
        </form>
      )}
      {received ? (
        <p className="staff-notice">
          {proformaText.received(received.amount, received.on)}
          {received.reference && (
            <>
              {". "}
              {proformaText.receivedReference} <bdi>{received.reference}</bdi>
            </>
          )}
          . {proformaText.recordedBy(received.by)}
        </p>
      ) : (
        <AdvanceForm proforma={proforma} refused={refused} />
      )}
    </>
  );
}

function AdvanceForm({ proforma, refused }: { proforma: ProformaSummary; refused: AdvanceRefusal | undefined }) {
  const problems = refused?.problems ?? {};
  const values = refused?.values ?? {};
  return (
    <form method="post" className="staff-form" aria-labelledby="advance-received">
      <h3 id="advance-received">{proformaText.recordHeading}</h3>
      {refused && Object.keys(problems).length > 0 && (
        <p className="staff-notice staff-notice--warning" role="alert">
          {proformaText.errorSummary}
        </p>
      )}
      <input type="hidden" name="intent" value="record-advance" />
      <StaffField id="receivedOn" label={proformaText.receivedOn} error={problems.receivedOn}>
        {(described) => (
          <input
            id="receivedOn"
            name="receivedOn"
            type="date"
            required
            max={proforma.suggested.on}
            defaultValue={values.receivedOn ?? proforma.suggested.on}
            {...described}
          />
        )}
      </StaffField>
      <StaffField id="amount" label={proformaText.amount} error={problems.amount}>
        {(described) => (
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            required
            defaultValue={values.amount ?? proforma.suggested.amount}
            {...described}
          />
        )}
      </StaffField>
      <StaffField
        id="reference"
        label={proformaText.reference}
        hint={proformaText.referenceHint}
        error={problems.reference}
      >
        {(described) => (
          <input
            id="reference"
            name="reference"
            maxLength={PAYMENT_REFERENCE_MAX}
            autoComplete="off"
            defaultValue={values.reference ?? ""}
            {...described}
          />
        )}
      </StaffField>
      <div>
        <button type="submit" className="staff-button">
          {proformaText.record}
        </button>
      </div>
    </form>
  );
}
