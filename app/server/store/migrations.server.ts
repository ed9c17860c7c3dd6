export type Migration = { version: number; name: string; sql: string };

/** Steps whose SQL both engines read alike, written once. */
const challengesPerClient: Migration = {
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

const personKeys: Migration = {
  version: 9,
  name: "keys that find one person's inquiries however the address or number was written",
  sql: `
      ALTER TABLE inquiries ADD COLUMN email_key TEXT;
      ALTER TABLE inquiries ADD COLUMN phone_key TEXT;
      CREATE INDEX inquiries_email_key ON inquiries (email_key);
      CREATE INDEX inquiries_phone_key ON inquiries (phone_key);
    `,
};

const quoteRequests: Migration = {
  version: 12,
  name: "quote requests: an inquiry may carry a specification, quantities, date and delivery place",
  sql: "ALTER TABLE inquiries ADD COLUMN quote TEXT;",
};

const rateLimitKeys: Migration = {
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
const artworkUploads: Migration = {
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
const artworkChecks = (blob: string): Migration => ({
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
const uploadHoldings: Migration = {
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
const NOTICES_NAME = "the outbox carries notices to staff about their own accounts";
const NOTICE_KINDS = "'company', 'acknowledgement', 'passkey-added', 'password-changed'";

/**
 * Step 16: quotations made from inquiries, numbered per financial year when
 * they are sent; when an inquiry was first answered; and the outbox carries
 * a quotation's mails (one of each kind per quotation, so revisions can each
 * have theirs) and the daily list of waiting inquiries (one per day).
 */
const QUOTATIONS_NAME = "quotations, their numbers per financial year, first replies, and their mails in the outbox";
const MAIL_KINDS_16 = `${NOTICE_KINDS}, 'quotation', 'quotation-accepted', 'quotation-changes', 'digest'`;
const quotationTables = (id: string, big: string) => `
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
 * The schema, as numbered steps, once for each engine. A step, once released,
 * is never edited: a change is a new step, so every copy of the database can
 * be brought up to date in order. Both lists have the same steps, so the
 * stores run the same statements on either.
 */
export const sqliteMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "inquiries and their outbox",
    sql: `
      CREATE TABLE inquiries (
        id INTEGER PRIMARY KEY,
        reference TEXT UNIQUE,
        received_at TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone_number TEXT NOT NULL,
        msg_subject TEXT NOT NULL,
        message TEXT NOT NULL,
        submission_key TEXT UNIQUE
      ) STRICT;

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER NOT NULL REFERENCES inquiries (id),
        kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement')),
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_token TEXT,
        lease_until INTEGER,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (inquiry_id, kind)
      ) STRICT;

      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
    `,
  },
  {
    version: 2,
    name: "mails the mail server did not confirm",
    // SQLite cannot change a CHECK in place, so the table is copied into a new one.
    sql: `
      CREATE TABLE outbox_v2 (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER NOT NULL REFERENCES inquiries (id),
        kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement')),
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'unknown')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_token TEXT,
        lease_until INTEGER,
        last_error TEXT,
        sent_at TEXT,
        unconfirmed_at TEXT,
        UNIQUE (inquiry_id, kind)
      ) STRICT;

      INSERT INTO outbox_v2 (id, inquiry_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at)
      SELECT id, inquiry_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at FROM outbox;

      DROP TABLE outbox;
      ALTER TABLE outbox_v2 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
    `,
  },
  {
    version: 3,
    name: "the audit log",
    // No reference to the inquiry's row: when an inquiry is erased, the entry that
    // says so must stay. Entries never hold a visitor's personal details.
    sql: `
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        inquiry_id INTEGER,
        detail TEXT
      ) STRICT;

      CREATE INDEX audit_log_inquiry ON audit_log (inquiry_id, id);
    `,
  },
  {
    version: 4,
    name: "staff accounts, sign-in links, sessions, passkeys and sign-in throttling",
    // Times are milliseconds since 1970 (UTC), compared in SQL. Secrets that let a
    // browser in (link tokens, session ids) are stored only as their SHA-256 hash.
    sql: `
      CREATE TABLE staff (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name TEXT NOT NULL,
        password_hash TEXT,
        password_changed_at INTEGER,
        webauthn_user_id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        last_sign_in_at INTEGER
      ) STRICT;

      CREATE TABLE staff_links (
        token_hash TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('add', 'reset')),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      ) STRICT;

      CREATE INDEX staff_links_staff ON staff_links (staff_id);

      CREATE TABLE staff_sessions (
        id_hash TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;

      CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

      CREATE TABLE staff_passkeys (
        credential_id TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        public_key BLOB NOT NULL,
        counter INTEGER NOT NULL,
        transports TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER
      ) STRICT;

      CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

      CREATE TABLE staff_challenges (
        challenge TEXT PRIMARY KEY,
        purpose TEXT NOT NULL CHECK (purpose IN ('sign-in', 'add-passkey')),
        staff_id INTEGER REFERENCES staff (id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE sign_in_throttle (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        last_failure_at INTEGER NOT NULL,
        locked_until INTEGER
      ) STRICT;
    `,
  },
  {
    version: 5,
    name: "the staff inbox: status, spam tray, where an inquiry came from, notes",
    // Inquiries stored before this step are all real ones whose mails were queued: New.
    sql: `
      ALTER TABLE inquiries ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'quoted', 'won', 'lost', 'spam'));
      ALTER TABLE inquiries ADD COLUMN spam_reason TEXT;
      ALTER TABLE inquiries ADD COLUMN service TEXT;
      ALTER TABLE inquiries ADD COLUMN source_page TEXT;

      CREATE INDEX inquiries_status ON inquiries (status, id);
      CREATE INDEX inquiries_received ON inquiries (received_at);

      CREATE TABLE inquiry_notes (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER NOT NULL REFERENCES inquiries (id),
        at TEXT NOT NULL,
        author_email TEXT NOT NULL,
        author_name TEXT NOT NULL,
        body TEXT NOT NULL
      ) STRICT;

      CREATE INDEX inquiry_notes_inquiry ON inquiry_notes (inquiry_id, id);
    `,
  },
  {
    version: 6,
    name: "contact form rate-limit counts, shared by every process",
    sql: `
      CREATE TABLE rate_limit_uses (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;

      CREATE INDEX rate_limit_uses_key ON rate_limit_uses (key, at);
    `,
  },
  challengesPerClient,
  {
    version: 8,
    name: "the sign-in throttle keeps a keyed hash of the e-mail address typed, never the text",
    sql: `
      CREATE TABLE site_secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      INSERT INTO site_secrets (name, value) VALUES ('sign-in throttle', lower(hex(randomblob(32))));
      DELETE FROM sign_in_throttle WHERE key LIKE 'account:%';
    `,
  },
  personKeys,
  {
    version: 10,
    name: "when a session's holder last proved who they are",
    sql: "ALTER TABLE staff_sessions ADD COLUMN proved_at INTEGER NOT NULL DEFAULT 0;",
  },
  {
    version: 11,
    name: NOTICES_NAME,
    // SQLite cannot loosen a NOT NULL or change a CHECK in place, so the table is copied again.
    sql: `
      CREATE TABLE outbox_v3 (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER REFERENCES inquiries (id),
        staff_id INTEGER REFERENCES staff (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN (${NOTICE_KINDS})),
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'unknown')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_token TEXT,
        lease_until INTEGER,
        last_error TEXT,
        sent_at TEXT,
        unconfirmed_at TEXT,
        detail TEXT,
        queued_at INTEGER,
        UNIQUE (inquiry_id, kind),
        CHECK ((inquiry_id IS NULL) <> (staff_id IS NULL))
      ) STRICT;

      INSERT INTO outbox_v3 (id, inquiry_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at, unconfirmed_at)
      SELECT id, inquiry_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at, unconfirmed_at FROM outbox;

      DROP TABLE outbox;
      ALTER TABLE outbox_v3 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
      CREATE INDEX outbox_staff ON outbox (staff_id);
    `,
  },
  quoteRequests,
  rateLimitKeys,
  artworkUploads,
  artworkChecks("BLOB"),
  {
    version: 16,
    name: QUOTATIONS_NAME,
    sql: `${quotationTables("INTEGER PRIMARY KEY", "INTEGER")}
      CREATE TABLE outbox_v4 (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER REFERENCES inquiries (id),
        staff_id INTEGER REFERENCES staff (id) ON DELETE CASCADE,
        quotation_id INTEGER REFERENCES quotations (id),
        kind TEXT NOT NULL CHECK (kind IN (${MAIL_KINDS_16})),
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'unknown')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_token TEXT,
        lease_until INTEGER,
        last_error TEXT,
        sent_at TEXT,
        unconfirmed_at TEXT,
        detail TEXT,
        queued_at INTEGER,
        UNIQUE (inquiry_id, kind),
        UNIQUE (quotation_id, kind),
        CHECK (CASE WHEN kind = 'digest'
          THEN inquiry_id IS NULL AND staff_id IS NULL AND quotation_id IS NULL
          ELSE (inquiry_id IS NOT NULL) + (staff_id IS NOT NULL) + (quotation_id IS NOT NULL) = 1 END)
      ) STRICT;

      INSERT INTO outbox_v4 (id, inquiry_id, staff_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at, unconfirmed_at, detail, queued_at)
      SELECT id, inquiry_id, staff_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at, unconfirmed_at, detail, queued_at FROM outbox;

      DROP TABLE outbox;
      ALTER TABLE outbox_v4 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
      CREATE INDEX outbox_staff ON outbox (staff_id);
      CREATE UNIQUE INDEX outbox_digest_day ON outbox (detail) WHERE kind = 'digest';
      INSERT INTO site_secrets (name, value) VALUES ('quotation links', lower(hex(randomblob(32))));
    `,
  },
  uploadHoldings,
];

/**
 * PostgreSQL's steps: the same tables, columns and checks as SQLite's at each
 * version. Ids are identities; times in milliseconds are BIGINT; staff e-mail
 * addresses are stored lower-case (normalizeEmail), so a plain UNIQUE does
 * what SQLite's NOCASE did.
 */
export const postgresMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "inquiries and their outbox",
    sql: `
      CREATE TABLE inquiries (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        reference TEXT UNIQUE,
        received_at TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone_number TEXT NOT NULL,
        msg_subject TEXT NOT NULL,
        message TEXT NOT NULL,
        submission_key TEXT UNIQUE
      );

      CREATE TABLE outbox (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        inquiry_id BIGINT NOT NULL REFERENCES inquiries (id),
        kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement')),
        state TEXT NOT NULL DEFAULT 'pending' CONSTRAINT outbox_state_check CHECK (state IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        lease_token TEXT,
        lease_until BIGINT,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (inquiry_id, kind)
      );

      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
    `,
  },
  {
    version: 2,
    name: "mails the mail server did not confirm",
    sql: `
      ALTER TABLE outbox DROP CONSTRAINT outbox_state_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_state_check CHECK (state IN ('pending', 'sent', 'failed', 'unknown'));
      ALTER TABLE outbox ADD COLUMN unconfirmed_at TEXT;
    `,
  },
  {
    version: 3,
    name: "the audit log",
    sql: `
      CREATE TABLE audit_log (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        inquiry_id BIGINT,
        detail TEXT
      );

      CREATE INDEX audit_log_inquiry ON audit_log (inquiry_id, id);
    `,
  },
  {
    version: 4,
    name: "staff accounts, sign-in links, sessions, passkeys and sign-in throttling",
    sql: `
      CREATE TABLE staff (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        password_hash TEXT,
        password_changed_at BIGINT,
        webauthn_user_id TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        last_sign_in_at BIGINT
      );

      CREATE TABLE staff_links (
        token_hash TEXT PRIMARY KEY,
        staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('add', 'reset')),
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      );

      CREATE INDEX staff_links_staff ON staff_links (staff_id);

      CREATE TABLE staff_sessions (
        id_hash TEXT PRIMARY KEY,
        staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );

      CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

      CREATE TABLE staff_passkeys (
        credential_id TEXT PRIMARY KEY,
        staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        public_key BYTEA NOT NULL,
        counter BIGINT NOT NULL,
        transports TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_used_at BIGINT
      );

      CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

      CREATE TABLE staff_challenges (
        challenge TEXT PRIMARY KEY,
        purpose TEXT NOT NULL CHECK (purpose IN ('sign-in', 'add-passkey')),
        staff_id BIGINT REFERENCES staff (id) ON DELETE CASCADE,
        expires_at BIGINT NOT NULL
      );

      CREATE TABLE sign_in_throttle (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        last_failure_at BIGINT NOT NULL,
        locked_until BIGINT
      );
    `,
  },
  {
    version: 5,
    name: "the staff inbox: status, spam tray, where an inquiry came from, notes",
    // SQLite has phone_digits from the process (sqlite-store.server.ts); here it is SQL.
    sql: `
      ALTER TABLE inquiries ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'quoted', 'won', 'lost', 'spam'));
      ALTER TABLE inquiries ADD COLUMN spam_reason TEXT;
      ALTER TABLE inquiries ADD COLUMN service TEXT;
      ALTER TABLE inquiries ADD COLUMN source_page TEXT;

      CREATE INDEX inquiries_status ON inquiries (status, id);
      CREATE INDEX inquiries_received ON inquiries (received_at);

      CREATE TABLE inquiry_notes (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        inquiry_id BIGINT NOT NULL REFERENCES inquiries (id),
        at TEXT NOT NULL,
        author_email TEXT NOT NULL,
        author_name TEXT NOT NULL,
        body TEXT NOT NULL
      );

      CREATE INDEX inquiry_notes_inquiry ON inquiry_notes (inquiry_id, id);

      CREATE FUNCTION phone_digits(value TEXT) RETURNS TEXT
        LANGUAGE sql IMMUTABLE STRICT
        RETURN regexp_replace(value, '[^0-9]', '', 'g');
    `,
  },
  {
    version: 6,
    name: "contact form rate-limit counts, shared by every process",
    sql: `
      CREATE TABLE rate_limit_uses (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        key TEXT NOT NULL,
        at BIGINT NOT NULL
      );

      CREATE INDEX rate_limit_uses_key ON rate_limit_uses (key, at);
    `,
  },
  challengesPerClient,
  {
    version: 8,
    name: "the sign-in throttle keeps a keyed hash of the e-mail address typed, never the text",
    sql: `
      CREATE TABLE site_secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      INSERT INTO site_secrets (name, value)
        VALUES ('sign-in throttle', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
      DELETE FROM sign_in_throttle WHERE key LIKE 'account:%';
    `,
  },
  personKeys,
  {
    version: 10,
    name: "when a session's holder last proved who they are",
    sql: "ALTER TABLE staff_sessions ADD COLUMN proved_at BIGINT NOT NULL DEFAULT 0;",
  },
  {
    version: 11,
    name: NOTICES_NAME,
    sql: `
      ALTER TABLE outbox ALTER COLUMN inquiry_id DROP NOT NULL;
      ALTER TABLE outbox ADD COLUMN staff_id BIGINT REFERENCES staff (id) ON DELETE CASCADE;
      ALTER TABLE outbox ADD COLUMN detail TEXT;
      ALTER TABLE outbox ADD COLUMN queued_at BIGINT;
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${NOTICE_KINDS}));
      ALTER TABLE outbox ADD CONSTRAINT outbox_about_check CHECK ((inquiry_id IS NULL) <> (staff_id IS NULL));
      CREATE INDEX outbox_staff ON outbox (staff_id);
    `,
  },
  quoteRequests,
  rateLimitKeys,
  artworkUploads,
  artworkChecks("BYTEA"),
  {
    version: 16,
    name: QUOTATIONS_NAME,
    sql: `${quotationTables("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "BIGINT")}
      ALTER TABLE outbox ADD COLUMN quotation_id BIGINT REFERENCES quotations (id);
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${MAIL_KINDS_16}));
      ALTER TABLE outbox DROP CONSTRAINT outbox_about_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_about_check CHECK (CASE WHEN kind = 'digest'
        THEN num_nonnulls(inquiry_id, staff_id, quotation_id) = 0
        ELSE num_nonnulls(inquiry_id, staff_id, quotation_id) = 1 END);
      ALTER TABLE outbox ADD CONSTRAINT outbox_quotation_kind UNIQUE (quotation_id, kind);
      CREATE UNIQUE INDEX outbox_digest_day ON outbox (detail) WHERE kind = 'digest';
      INSERT INTO site_secrets (name, value)
        VALUES ('quotation links', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
    `,
  },
  uploadHoldings,
];
