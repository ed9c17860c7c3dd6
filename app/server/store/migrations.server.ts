export type Migration = { version: number; name: string; sql: string };

/** Steps whose SQL both engines read alike, written once. */
export const challengesPerClient: Migration = {
  version: 7,
  name: "passkey challenges counted per client and bound to the browser that asked",
  sql: `
      ALTER TABLE staff_challenges ADD COLUMN client_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE staff_challenges ADD COLUMN network_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE staff_challenges ADD COLUMN binding TEXT NOT NULL DEFAULT '';
      CREATE INDEX staff_challenges_client ON staff_challenges (client_key);
      CREATE INDEX staff_challenges_network ON staff_challenges (network_key);
    `,
};

export const personKeys: Migration = {
  version: 9,
  name: "keys that find one person's inquiries however the address or number was written",
  sql: `
      ALTER TABLE inquiries ADD COLUMN email_key TEXT;
      ALTER TABLE inquiries ADD COLUMN phone_key TEXT;
      CREATE INDEX inquiries_email_key ON inquiries (email_key);
      CREATE INDEX inquiries_phone_key ON inquiries (phone_key);
    `,
};

export const quoteRequests: Migration = {
  version: 12,
  name: "quote requests: an inquiry may carry a specification, quantities, date and delivery place",
  sql: "ALTER TABLE inquiries ADD COLUMN quote TEXT;",
};

export const rateLimitKeys: Migration = {
  version: 13,
  name: "one row per rate-limited key, locked while a use is counted so instances counting at once count exactly",
  sql: "CREATE TABLE rate_limit_keys (key TEXT PRIMARY KEY);",
};

/**
 * Step 14: artwork files, one row per upload. A row without an inquiry is an
 * upload still waiting for its request; discarded_at marks a file whose bytes
 * are to be deleted from storage (its inquiry was erased, or it was refused),
 * which the clean-up does and then deletes the row.
 */
export const artworkUploads: Migration = {
  version: 14,
  name: "artwork files uploaded with quote requests, and the files still to delete from storage",
  sql: `
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        form_nonce TEXT NOT NULL,
        client_key TEXT NOT NULL,
        name TEXT NOT NULL,
        size BIGINT NOT NULL,
        kind TEXT,
        sha256 TEXT,
        created_at BIGINT NOT NULL,
        completed_at BIGINT,
        inquiry_id BIGINT REFERENCES inquiries (id),
        discarded_at BIGINT
      );
      CREATE INDEX uploads_inquiry ON uploads (inquiry_id);
      CREATE INDEX uploads_form ON uploads (form_nonce);
      CREATE INDEX uploads_client ON uploads (client_key, created_at);
    `,
};

/**
 * Step 15: a check of each artwork file sent with an inquiry, queued like a
 * mail (claimed with a lease by any instance, tried again a few times), and
 * the preview images it made, kept in the store so that every instance
 * serves them alike. Position 0 is the file's own preview; a ZIP's files
 * follow in order.
 */
export const artworkChecks = (blob: string): Migration => ({
  version: 15,
  name: "a preview and print-readiness check of each artwork file, queued, and the preview images",
  sql: `
      CREATE TABLE artwork_checks (
        upload_id TEXT PRIMARY KEY REFERENCES uploads (id),
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        lease_token TEXT,
        lease_until BIGINT,
        outcome TEXT,
        finished_at BIGINT
      );
      CREATE INDEX artwork_checks_due ON artwork_checks (state, next_attempt_at);

      CREATE TABLE artwork_previews (
        upload_id TEXT NOT NULL REFERENCES uploads (id),
        position INTEGER NOT NULL,
        size TEXT NOT NULL CHECK (size IN ('large', 'small')),
        image ${blob} NOT NULL,
        PRIMARY KEY (upload_id, position, size)
      );
    `,
});

/**
 * Step 18: what an upload counts against the quotas is what it holds (bytes
 * arrived, or reserved by a piece on its way, plus a small allowance while it
 * is open), not the length it declares; the wider network it came from (an
 * IPv6 /48); when it last moved, for the clean-up of abandoned ones; and a
 * lease that lets one instance at a time write it.
 */
export const uploadHoldings: Migration = {
  version: 18,
  name: "uploads count the bytes they hold, by network, idle ones go, one writer at a time",
  sql: `
      ALTER TABLE uploads ADD COLUMN network_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE uploads ADD COLUMN held BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE uploads ADD COLUMN active_at BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE uploads ADD COLUMN lease_token TEXT;
      ALTER TABLE uploads ADD COLUMN lease_until BIGINT;
      UPDATE uploads SET network_key = client_key, held = size, active_at = created_at;
      CREATE INDEX uploads_network ON uploads (network_key);
    `,
};

/**
 * Step 11: the outbox also carries the notices a staff member gets about their
 * own account, so they are sent, retried and recorded like every other mail.
 * A row is about an inquiry or a staff member, never both.
 */
export const NOTICES_NAME = "the outbox carries notices to staff about their own accounts";
export const NOTICE_KINDS = "'company', 'acknowledgement', 'passkey-added', 'password-changed'";

/**
 * Step 16: quotations made from inquiries, numbered per financial year when
 * they are sent; when an inquiry was first answered; and the outbox carries
 * a quotation's mails (one of each kind per quotation, so revisions can each
 * have theirs) and the daily list of waiting inquiries (one per day).
 */
export const QUOTATIONS_NAME =
  "quotations, their numbers per financial year, first replies, and their mails in the outbox";
export const MAIL_KINDS_16 = `${NOTICE_KINDS}, 'quotation', 'quotation-accepted', 'quotation-changes', 'digest'`;
export const quotationTables = (id: string, big: string) => `
      CREATE TABLE quotation_serials (
        financial_year TEXT PRIMARY KEY,
        last_serial INTEGER NOT NULL
      );

      CREATE TABLE quotations (
        id ${id},
        inquiry_id ${big} NOT NULL REFERENCES inquiries (id),
        financial_year TEXT,
        serial INTEGER,
        revision INTEGER NOT NULL DEFAULT 0,
        number TEXT UNIQUE,
        state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'sent', 'accepted', 'changes', 'superseded')),
        content TEXT NOT NULL,
        company TEXT,
        issued_on TEXT,
        valid_until TEXT NOT NULL,
        total ${big} NOT NULL,
        tax ${big} NOT NULL,
        token_hash TEXT UNIQUE,
        replaces_id ${big} REFERENCES quotations (id),
        created_by TEXT NOT NULL,
        created_at ${big} NOT NULL,
        updated_at ${big} NOT NULL,
        sent_at ${big},
        opened_at ${big},
        answered_at ${big},
        accepted_name TEXT,
        accepted_po TEXT,
        accepted_from TEXT,
        changes_message TEXT
      );
      CREATE INDEX quotations_inquiry ON quotations (inquiry_id, id);
      CREATE UNIQUE INDEX quotations_numbered ON quotations (financial_year, serial, revision);

      ALTER TABLE inquiries ADD COLUMN first_reply_at ${big};
      ALTER TABLE inquiries ADD COLUMN first_reply_by TEXT;
`;

/**
 * Step 19: one queue for every background job (artwork checks, the daily
 * list, retention, the file clean-up, and kinds yet to come), claimed with a
 * lease by any instance. Its kind is a plain name, never a list the schema
 * checks, so a new kind needs no step. A job with a once_key exists once per
 * kind: a periodic job's period, so two instances never run one period twice.
 */
export const jobQueue = (id: string): Migration => ({
  version: 19,
  name: "one leased queue of background jobs of any kind, a periodic one once per period",
  sql: `
      CREATE TABLE jobs (
        id ${id},
        kind TEXT NOT NULL,
        once_key TEXT,
        payload TEXT NOT NULL DEFAULT '{}',
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        lease_token TEXT,
        lease_until BIGINT,
        last_error TEXT,
        finished_at BIGINT
      );
      CREATE UNIQUE INDEX jobs_once ON jobs (kind, once_key);
      CREATE INDEX jobs_due ON jobs (state, next_attempt_at);
    `,
});

/**
 * Step 20: the outbox's kind is a plain name, as a job's is: a new kind of
 * mail is a builder registered by the room that owns it, and no step. Every
 * other rule of the table stays: its states, one mail of a kind per inquiry or
 * quotation, each mail about exactly one thing (a digest about none), one
 * digest a day. On SQLite this is the last copy of the table a kind will need.
 */
export const OPEN_MAIL_KINDS_NAME =
  "the outbox's mail kinds are names the code registers, not a list the schema checks";

/**
 * Step 21: an artwork check is a job of the one queue, claimed, leased and
 * retried there; artwork_checks keeps only what each check found. The checks
 * still waiting move over with their attempts and any lease under way.
 */
export const artworkChecksAsJobs: Migration = {
  version: 21,
  name: "artwork checks are jobs of the one queue; their table keeps what each found",
  sql: `
      INSERT INTO jobs (kind, once_key, payload, attempts, next_attempt_at, lease_until)
      SELECT 'artwork-check', artwork_checks.upload_id,
        '{"uploadId":"' || artwork_checks.upload_id || '","reference":"' || coalesce(inquiries.reference, '') || '"}',
        artwork_checks.attempts, artwork_checks.next_attempt_at, artwork_checks.lease_until
      FROM artwork_checks
      LEFT JOIN uploads ON uploads.id = artwork_checks.upload_id
      LEFT JOIN inquiries ON inquiries.id = uploads.inquiry_id
      WHERE artwork_checks.state = 'pending';
      DROP INDEX artwork_checks_due;
      ALTER TABLE artwork_checks DROP COLUMN attempts;
      ALTER TABLE artwork_checks DROP COLUMN next_attempt_at;
      ALTER TABLE artwork_checks DROP COLUMN lease_token;
      ALTER TABLE artwork_checks DROP COLUMN lease_until;
    `,
};

/**
 * Step 22: the company runs its own site. A staff account is an owner or staff
 * (every account until now an owner); each edit of the site's content is a
 * version of its item, a draft until published. An item has at most one draft
 * and one published version at a time; the versions it had before stay, with
 * who saved and published them and when. Each publication (one item or several
 * together) is numbered, so every instance sees the site changed by one number.
 */
export const siteContent = (id: string): Migration => ({
  version: 22,
  name: "owners and staff; the site's content in versions, drafts and publications",
  sql: `
      ALTER TABLE staff ADD COLUMN role TEXT NOT NULL DEFAULT 'staff' CHECK (role IN ('owner', 'staff'));
      UPDATE staff SET role = 'owner';

      CREATE TABLE content_publications (
        id ${id},
        published_at BIGINT NOT NULL,
        published_by BIGINT REFERENCES staff (id) ON DELETE SET NULL,
        items TEXT NOT NULL
      );

      CREATE TABLE content_versions (
        id ${id},
        item TEXT NOT NULL,
        version INTEGER NOT NULL,
        body TEXT NOT NULL,
        based_on INTEGER,
        state TEXT NOT NULL CHECK (state IN ('draft', 'published', 'earlier', 'discarded')),
        saved_at BIGINT NOT NULL,
        saved_by BIGINT REFERENCES staff (id) ON DELETE SET NULL,
        publish_at BIGINT,
        publication_id BIGINT REFERENCES content_publications (id),
        UNIQUE (item, version)
      );
      CREATE UNIQUE INDEX content_one_draft ON content_versions (item) WHERE state = 'draft';
      CREATE UNIQUE INDEX content_one_published ON content_versions (item) WHERE state = 'published';
    `,
});

/**
 * Step 23: a draft scheduled to be published by itself (its publish_at, step
 * 22) keeps who scheduled it, so that the publication is recorded as theirs.
 */
export const scheduledPublishing: Migration = {
  version: 23,
  name: "a draft scheduled for publication keeps who scheduled it",
  sql: "ALTER TABLE content_versions ADD COLUMN publish_by BIGINT REFERENCES staff (id) ON DELETE SET NULL;",
};

/**
 * Step 24: the photo library, a row per photograph the company uploads. Its
 * id is the hash its files are named by; the row lists the files made of it
 * (format, width and bytes of each) and the place it was uploaded for. The
 * photograph as sent is not kept, its camera's metadata with it.
 */
export const photoLibrary: Migration = {
  version: 24,
  name: "the photo library: each photograph uploaded, the files made of it, who uploaded it and when",
  sql: `
      CREATE TABLE photos (
        id TEXT PRIMARY KEY,
        place TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        color TEXT NOT NULL,
        variants TEXT NOT NULL,
        original_name TEXT NOT NULL,
        uploaded_by BIGINT REFERENCES staff (id) ON DELETE SET NULL,
        uploaded_at BIGINT NOT NULL
      );
      CREATE INDEX photos_uploaded ON photos (uploaded_at);
    `,
};

/**
 * Step 25: a quotation may offer options the buyer chooses between (price
 * breaks for several quantities); which one was accepted, and its total and
 * tax, are what counts as won. A quotation accepted before had one option,
 * whose totals are the quotation's.
 */
export const acceptedOptions: Migration = {
  version: 25,
  name: "the option a buyer accepted, and its total and tax as what is won",
  sql: `
      ALTER TABLE quotations ADD COLUMN accepted_option INTEGER;
      ALTER TABLE quotations ADD COLUMN won_total BIGINT;
      ALTER TABLE quotations ADD COLUMN won_tax BIGINT;
      UPDATE quotations SET accepted_option = 0, won_total = total, won_tax = tax WHERE state = 'accepted';
    `,
};

/**
 * Step 26: proforma invoices for the advance on an accepted quotation, one per
 * quotation, numbered in their own series per financial year; and the advance
 * as staff record it on arrival.
 */
export const proformaInvoices = (id: string): Migration => ({
  version: 26,
  name: "proforma invoices for the advance on an accepted quotation, and the advance received",
  sql: `
      CREATE TABLE proforma_serials (
        financial_year TEXT PRIMARY KEY,
        last_serial INTEGER NOT NULL
      );

      CREATE TABLE proformas (
        id ${id},
        quotation_id BIGINT NOT NULL UNIQUE REFERENCES quotations (id) ON DELETE CASCADE,
        financial_year TEXT NOT NULL,
        serial INTEGER NOT NULL,
        number TEXT NOT NULL UNIQUE,
        issued_on TEXT NOT NULL,
        issued_at BIGINT NOT NULL,
        issued_by TEXT NOT NULL,
        advance_percent INTEGER NOT NULL,
        total_paise BIGINT NOT NULL,
        advance_paise BIGINT NOT NULL,
        company TEXT NOT NULL,
        received_on TEXT,
        received_paise BIGINT,
        received_reference TEXT,
        received_by TEXT,
        received_at BIGINT,
        UNIQUE (financial_year, serial)
      );
    `,
});

/**
 * Step 27: the language of the page an inquiry was sent from, which its
 * acknowledgement is written in and staff see; every earlier one came from an
 * English page.
 */
export const inquiryLanguage: Migration = {
  version: 27,
  name: "the language of the page an inquiry was sent from",
  sql: "ALTER TABLE inquiries ADD COLUMN language TEXT NOT NULL DEFAULT 'en';",
};
