import {
  acceptedOptions,
  artworkChecks,
  artworkChecksAsJobs,
  artworkUploads,
  challengesPerClient,
  inquiryLanguage,
  jobQueue,
  MAIL_KINDS_16,
  type Migration,
  NOTICE_KINDS,
  NOTICES_NAME,
  OPEN_MAIL_KINDS_NAME,
  personKeys,
  photoLibrary,
  proformaInvoices,
  QUOTATIONS_NAME,
  quotationTables,
  quoteRequests,
  rateLimitKeys,
  scheduledPublishing,
  siteContent,
  uploadHoldings,
} from "./migrations.server.ts";

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
  jobQueue("INTEGER PRIMARY KEY AUTOINCREMENT"),
  {
    version: 20,
    name: OPEN_MAIL_KINDS_NAME,
    // SQLite cannot drop a CHECK in place: the table is copied once more, with every other rule it had.
    sql: `
      CREATE TABLE outbox_v5 (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER REFERENCES inquiries (id),
        staff_id INTEGER REFERENCES staff (id) ON DELETE CASCADE,
        quotation_id INTEGER REFERENCES quotations (id),
        kind TEXT NOT NULL,
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

      INSERT INTO outbox_v5 (id, inquiry_id, staff_id, quotation_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at, unconfirmed_at, detail, queued_at)
      SELECT id, inquiry_id, staff_id, quotation_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at, unconfirmed_at, detail, queued_at FROM outbox;

      DROP TABLE outbox;
      ALTER TABLE outbox_v5 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
      CREATE INDEX outbox_staff ON outbox (staff_id);
      CREATE UNIQUE INDEX outbox_digest_day ON outbox (detail) WHERE kind = 'digest';
    `,
  },
  artworkChecksAsJobs,
  siteContent("INTEGER PRIMARY KEY AUTOINCREMENT"),
  scheduledPublishing,
  photoLibrary,
  acceptedOptions,
  proformaInvoices("INTEGER PRIMARY KEY AUTOINCREMENT"),
  inquiryLanguage,
];
