import { tmpdir } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { storedFormSecret } from "./contact/form-token.server.ts";
import { createInquiryStore, type InquiryStore } from "./contact/inquiries.server.ts";
import type { QuoteFormContent } from "./contact/quote-spec.ts";
import { createRateLimiter, type RateLimiter } from "./contact/rate-limit.server.ts";
import { type ContentStore, createContentStore } from "./content/content-store.server.ts";
import {
  type PublishedContent,
  type PublishedContentWatch,
  watchPublishedContent,
} from "./content/published-site.server.ts";
import { SCHEDULED_PUBLISHING, scheduledPublishingJob } from "./content/scheduled-publishing.server.ts";
import { quoteSpecOf, type ServicesContent, shownServices } from "./content/services-item.ts";
import { type AuditLog, createAuditLog } from "./inbox/audit.server.ts";
import { createInbox, type Inbox } from "./inbox/inbox.server.ts";
import { retentionJob } from "./inbox/retention.server.ts";
import { errorText, everyMs, type JobRuntime, startJobRuntime } from "./jobs/runtime.server.ts";
import { createMailRegistry, type MailRegistry } from "./mail/mail-registry.server.ts";
import { createMailer, isPermanentRejection, isUnconfirmedDelivery } from "./mail/mailer.server.ts";
import { composeMail, type MailContent, staffNoticeMail } from "./mail/messages.server.ts";
import {
  createOutbox,
  type DigestMail,
  type InquiryMail,
  type MailLease,
  type Outbox,
  type QuotationMail,
  type StaffNoticeMail,
  startOutboxWorker,
} from "./mail/outbox.server.ts";
import { createPhotoLibrary, type PhotoLibrary } from "./photos/photo-library.server.ts";
import {
  ARTWORK_CHECK,
  type ArtworkChecks,
  artworkCheckJob,
  createArtworkChecks,
} from "./previews/artwork-checks.server.ts";
import { createArtworkChecker } from "./previews/check-artwork.server.ts";
import { findTools, missingPackages, sandboxFor } from "./previews/tools.server.ts";
import type { BillingSettings } from "./quotations/billing.ts";
import { withBillingContent } from "./quotations/billing-item.ts";
import { digestJob, digestMail, waitingInquiries } from "./quotations/digest.server.ts";
import { queuedProformaMail } from "./quotations/proforma-mails.server.ts";
import { createProformas, type Proformas } from "./quotations/proformas.server.ts";
import { queuedQuotationMail } from "./quotations/quotation-mails.server.ts";
import { createQuotations, type Quotations } from "./quotations/quotations.server.ts";
import type { Readiness } from "./readiness.server.ts";
import type { ServiceContent } from "./service-content.ts";
import { type SiteSettings, siteSettings } from "./settings/site-settings.server.ts";
import { createStaffAccounts } from "./staff/accounts.server.ts";
import { type ScryptCost, testPasswordCost } from "./staff/passwords.server.ts";
import { createStaffServices, type StaffServices } from "./staff/staff.server.ts";
import { DamagedDatabaseError, type Database, retryWhileBusy } from "./store/db.server.ts";
import { describeStore } from "./store/location.server.ts";
import { openStore } from "./store/open-store.server.ts";
import { openFileStorage } from "./uploads/file-storage.server.ts";
import { openUploadServices, type UploadServices } from "./uploads/uploads.server.ts";

/** What the contact action needs, one shared instance per process. */
export type SiteServices = {
  env: SiteSettings;
  /** The company's details, the staff addresses and the words the services write with, handed in at start. */
  content: ServiceContent;
  store: InquiryStore;
  audit: AuditLog;
  /** What staff do with inquiries in /inbox. */
  inbox: Inbox;
  limiter: RateLimiter;
  /** Staff accounts, sign-in, sessions and passkeys, on the same database. */
  staff: StaffServices;
  /** Artwork uploads with quote requests; undefined when UPLOADS=0. */
  uploads: UploadServices | undefined;
  /** The preview and print check of each file sent; undefined when uploads are off. */
  artworkChecks: ArtworkChecks | undefined;
  /** Quotations made from inquiries, and the buyers' answers to them. */
  quotations: Quotations;
  /** The proforma invoice for the advance on each accepted quotation, and the advance received. */
  proformas: Proformas;
  /** The site's content as the company edits it: versions, drafts and publications. */
  siteContent: ContentStore;
  /** What visitors see of it now, held in memory and kept up to date with every instance's publications. */
  publishedContent: PublishedContentWatch;
  /** The photographs the company uploads for its site, and their files. */
  photos: PhotoLibrary;
  /**
   * Deletes from storage, now, the files nobody needs any more (an erased
   * inquiry's, unsent ones past a day); the clean-up also runs every so often.
   */
  sweepFiles(): Promise<void>;
};

type Running = SiteServices & {
  db: Database;
  outbox: Outbox;
  /** Every background job of this instance: mail, checks, the digest, retention, the file clean-up. */
  jobs: JobRuntime;
};

/**
 * What the server build's entry passes in: where the picture renderer's script
 * is (outside the build), and the areas' content the services write with.
 */
export type StartOptions = { imageTool?: string; content: ServiceContent };

/** How often files nobody needs are looked for: an unsent upload goes within this long after its day. */
const FILE_SWEEP_EVERY_MS = 15 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

/** How often an instance looks for a publication made on another: within 5 seconds, every instance shows it. */
const CONTENT_WATCH_MS = 2000;

// Kept on the global object so that a development server reloading this module
// reuses the open database and its one worker instead of starting another.
const KEY = Symbol.for("print-site.contact-services");
const holder = globalThis as { [KEY]?: Running };

export type Log = Pick<Console, "info" | "warn" | "error">;

/**
 * A mail due this long ago and still not sent means the queue is stuck: no
 * instance takes it, or the mail server has refused everything for this long.
 */
const STUCK_AFTER_MS = 30 * 60_000;

/** The shared services, opened by startSiteServices before the server takes requests. */
export function siteServices(): SiteServices {
  const running = holder[KEY];
  if (!running)
    throw new Error("The site's services are not started: startSiteServices() runs before the server listens.");
  return running;
}

/**
 * Opens the inquiry database (creating it on the first start) and starts the
 * mail queue and the daily clean-up of inquiries past INQUIRY_RETENTION_DAYS
 * (retention.server.ts). Throws, with a message naming it, on a bad setting or a database
 * that cannot be opened, so the server can refuse to start.
 */
export async function startSiteServices(log: Log = console, options: StartOptions): Promise<void> {
  if (holder[KEY]) return;
  const running = await open(log, options.content);
  holder[KEY] = running;
  const { jobs, db, env } = running;
  if (env.smtp && env.digest) {
    const digest = digestJob({ db, ...env.digest });
    jobs.every("digest", digest.periods, digest.handler);
  }
  if (running.uploads && running.artworkChecks) {
    jobs.register(ARTWORK_CHECK, await checkJob(running.uploads, running.artworkChecks, options, log));
  }
  const afterDeleting = () => void running.sweepFiles();
  jobs.every(
    "retention",
    everyMs(DAY_MS),
    retentionJob({ db, policy: { retentionDays: env.retentionDays }, log, afterDeleting }),
  );
  const { siteContent, publishedContent, audit } = running;
  const scheduled = scheduledPublishingJob({ db, content: siteContent, published: publishedContent, audit, log });
  jobs.every(SCHEDULED_PUBLISHING, scheduled.periods, scheduled.handler);
  if (running.uploads) {
    jobs.every("file-sweep", everyMs(FILE_SWEEP_EVERY_MS), {
      label: () => "The clean-up of artwork files",
      leaseMs: 10 * 60_000,
      retry: { baseMs: 60_000, maxMs: FILE_SWEEP_EVERY_MS, maxAttempts: 3 },
      run: () => running.sweepFiles(),
    });
    log.info(`Artwork files are kept in ${running.uploads.storage.description}.`);
  }
  const where = describeStore(running.env.store);
  if (running.env.smtp) {
    const { host, port } = running.env.smtp;
    log.info(`Inquiries are stored in ${where} and e-mailed to ${running.env.mailTo} through ${host}:${port}.`);
  } else {
    log.info(
      `E-mail is off (SMTP_HOST is not set): inquiries are stored in ${where} and listed by "npm run inquiries"; no mail is sent.`,
    );
  }
}

/** Artwork uploads, for the HTTP server's upload address and multipart posts; undefined when off or not started. */
export function uploadServices(): UploadServices | undefined {
  return holder[KEY]?.uploads;
}

/** The photo library, for the HTTP server's photo files; undefined until started. */
export function photoLibrary(): PhotoLibrary | undefined {
  return holder[KEY]?.photos;
}

/** How long /readyz waits for the store before it says the store does not answer. */
const READINESS_WAIT_MS = 2000;

/**
 * Ready when the store answers with every migration applied and no mail has
 * waited past its time longer than the queue's patience (the mail server, or
 * every instance's queue, is stuck). Reasons are short and hold no one's details.
 */
export async function readiness(): Promise<Readiness> {
  const running = holder[KEY];
  if (!running) return { ready: false, reason: "starting" };
  try {
    const check = async (): Promise<Readiness> => {
      if (!(await running.db.isMigrated())) return { ready: false, reason: "database schema not up to date" };
      const stuck = await running.outbox.overdueCount(Date.now() - STUCK_AFTER_MS);
      return stuck > 0 ? { ready: false, reason: `mail queue stuck: ${stuck} overdue` } : { ready: true };
    };
    return await Promise.race([
      check(),
      sleep(READINESS_WAIT_MS).then((): Readiness => ({ ready: false, reason: "database did not answer in time" })),
    ]);
  } catch (error) {
    return { ready: false, reason: `database unavailable: ${errorText(error).slice(0, 120)}` };
  }
}

/** Stops the clean-up and the mail queue, letting a mail being sent finish (briefly), and closes the database. */
export async function stopSiteServices(): Promise<void> {
  const running = holder[KEY];
  if (!running) return;
  holder[KEY] = undefined;
  running.publishedContent.stop();
  await running.jobs.stop();
  await running.db.close();
}

/**
 * The content handed in, with what the owner publishes laid over it: the
 * company's details, the catalog (its names, its quote questions, its HSN
 * codes) and the billing settings and rate table. A mail, a quote request or
 * a quotation made after a publication follows it.
 */
function liveContent(content: ServiceContent, published: PublishedContentWatch): ServiceContent {
  const live = <Value>(read: (now: PublishedContent) => Value) => ({
    get: () => read(published.current()),
    enumerable: true,
  });
  return Object.defineProperties(
    { ...content },
    {
      company: live((now) => now.company),
      // Every service, hidden ones too: an inquiry made before one was hidden still names it.
      services: live((now) => now.items.services.services.map(({ slug, title }) => ({ slug, title }))),
      quoteForm: live((now) => liveQuoteForm(content.quoteForm, now.items.services)),
      billing: live((now) => liveBilling(content.billing, now)),
    },
  );
}

/** The quote form's products: the services visitors see, each with the questions the owner gave it. */
function liveQuoteForm(quoteForm: QuoteFormContent, catalog: ServicesContent): QuoteFormContent {
  const shown = shownServices(catalog);
  return {
    ...quoteForm,
    services: shown.map(({ slug, title }) => ({ slug, title })),
    specs: Object.fromEntries(shown.map((service) => [service.slug, quoteSpecOf(service)])),
  };
}

/** The billing settings as the owner published them, with the rate table; a line may carry any rate the table gives. */
function liveBilling(billing: BillingSettings, { items, gstRates: table }: PublishedContent): BillingSettings {
  const rates = [...new Set([...billing.gstRates, ...table.map((entry) => entry.rate)])].sort((a, b) => a - b);
  const hsnByService = Object.fromEntries(items.services.services.map((service) => [service.slug, service.hsn]));
  return { ...withBillingContent(billing, items.billing), hsnByService, gstRateTable: table, gstRates: rates };
}

async function open(log: Log, content: ServiceContent): Promise<Running> {
  const env = siteSettings(content.company);
  let db: Database;
  try {
    db = await openStore(env.store);
  } catch (error) {
    if (error instanceof DamagedDatabaseError || "postgresUrl" in env.store) throw error;
    throw new Error(`The inquiry database at ${env.databasePath} could not be opened: ${(error as Error).message}`);
  }
  if (env.form.secretFromStore) env.form.secret = await storedFormSecret(db);
  const store = createInquiryStore(db);
  // Before any request: an erasure finds a person's inquiries by these keys.
  const filled = await store.fillPersonKeys();
  if (filled > 0) log.info(`Matching keys were added to ${filled} inquiries stored before they existed.`);
  const audit = createAuditLog(db);
  const inbox = createInbox(db, content.inbox);
  const outbox = createOutbox(db);
  const limiter = createRateLimiter(db, env.rateLimit);
  const staff = createStaffServices(
    db,
    audit,
    { words: content.staff, relyingPartyName: content.company.name },
    await passwordHashingFor(env, db, log),
  );
  const uploads =
    env.uploads &&
    (await openUploadServices({ db, settings: env.uploads, form: env.form, log, words: content.artworkRefusals }));
  const sweepFiles = async () => {
    try {
      await uploads?.artwork.sweep();
    } catch (error) {
      log.error(`The clean-up of artwork files could not run: ${errorText(error)}`);
    }
  };
  const jobs = startJobRuntime({ db, log });
  const photos = createPhotoLibrary({ db, storage: uploads?.storage ?? (await openFileStorage(env.fileStorage)) });
  const artworkChecks = uploads ? createArtworkChecks(db, content.quoteForm) : undefined;
  const siteContent = createContentStore({ db, seeds: content.seeds });
  await siteContent.seed();
  const publishedContent = watchPublishedContent({
    store: siteContent,
    seeds: content.seeds,
    log,
    everyMs: CONTENT_WATCH_MS,
    photos: async (ids) => Object.fromEntries(await photos.records(ids)),
  });
  await publishedContent.start();
  const live = liveContent(content, publishedContent);
  const quotations = createQuotations(db, content.inbox, live, env.proforma);
  const proformas = createProformas(db, live);
  const common = {
    env,
    content: live,
    db,
    store,
    audit,
    inbox,
    outbox,
    limiter,
    staff,
    uploads,
    sweepFiles,
    artworkChecks,
    quotations,
    proformas,
    siteContent,
    publishedContent,
    photos,
    jobs,
  };
  if (!env.smtp) return common;

  const mails = createMailRegistry();
  registerMails(mails, { env, content: live, db, store, staff, quotations, proformas });
  const mailer = createMailer(env.smtp);
  const worker = startOutboxWorker({
    outbox,
    async send(mail, signal) {
      const outgoing = await mails.build(mail, signal);
      if (outgoing) await mailer.send(outgoing, signal);
    },
    isPermanent: (error, mail) =>
      error instanceof NoRecipientError || (!mails.toCompany(mail) && isPermanentRejection(error)),
    isUnconfirmed: isUnconfirmedDelivery,
    label: mails.label,
    retry: env.retry,
    // Longer than the slowest send the SMTP timeouts allow (connecting, logging in,
    // the envelope, then the wait for the server to confirm the message), so a lease
    // runs out only when its sender died.
    leaseMs: env.smtp.timeoutMs * 3 + env.smtp.confirmTimeoutMs + 30_000,
    log,
  });
  jobs.drive(worker);
  return common;
}

/**
 * Each kind of mail the outbox carries, with the room that writes it. A new
 * kind is a builder registered here; the outbox's kind column checks no list.
 */
function registerMails(
  mails: MailRegistry,
  deps: Pick<Running, "env" | "db" | "store" | "staff" | "quotations" | "proformas"> & { content: MailContent },
) {
  const { env, content, db, store, staff, quotations, proformas } = deps;
  const inquiryMail = async (mail: InquiryMail, signal: AbortSignal) => {
    const inquiry = await retryWhileBusy(() => store.get(mail.inquiryId), { signal });
    if (!inquiry) throw new Error(`Inquiry ${mail.inquiryId} is missing`);
    return composeMail(mail.kind, inquiry, env, content);
  };
  mails.register<InquiryMail & MailLease>(["company"], {
    build: inquiryMail,
    label: (mail) => `the company copy of ${mail.reference}`,
    toCompany: true,
  });
  mails.register<InquiryMail & MailLease>(["acknowledgement"], {
    build: inquiryMail,
    label: (mail) => `the acknowledgement of ${mail.reference}`,
  });
  mails.register<StaffNoticeMail & MailLease>(["passkey-added", "password-changed"], {
    async build(mail, signal) {
      const account = await retryWhileBusy(() => staff.accounts.byId(mail.staffId), { signal });
      // A removed account takes its notices with it; one removed mid-send has no one to tell.
      if (!account) throw new NoRecipientError();
      return staffNoticeMail(mail, account, env, content);
    },
    label: (mail) => `the "${mail.kind}" notice to staff account ${mail.staffId}`,
  });
  mails.register<QuotationMail & MailLease>(["quotation", "quotation-accepted", "quotation-changes"], {
    build: (mail, signal) =>
      retryWhileBusy(() => queuedQuotationMail(mail.kind, mail.quotationId, { quotations, settings: env, content }), {
        signal,
      }),
    label: (mail) => `the "${mail.kind}" mail of quotation ${mail.quotationId}`,
  });
  mails.register<QuotationMail & MailLease>(["proforma"], {
    build: (mail, signal) =>
      retryWhileBusy(() => queuedProformaMail(mail.quotationId, { quotations, proformas, settings: env, content }), {
        signal,
      }),
    label: (mail) => `the proforma of quotation ${mail.quotationId}`,
  });
  mails.register<DigestMail & MailLease>(["digest"], {
    async build(mail, signal) {
      const waitingHours = env.digest?.waitingHours ?? 0;
      const waiting = await retryWhileBusy(() => waitingInquiries(db, Date.now() - waitingHours * 3_600_000), {
        signal,
      });
      // All answered since it was queued: nothing to say.
      return waiting.length > 0 ? digestMail(mail.day, waiting, Date.now(), env, content) : undefined;
    },
    label: (mail) => `the list of waiting inquiries of ${mail.day}`,
  });
}

/**
 * The checks of artwork files, jobs of this instance's runtime. The programs
 * they use are looked up once; those missing are named once, here, and the
 * files of their kinds get "no preview" with the same words.
 */
async function checkJob(uploads: UploadServices, checks: ArtworkChecks, options: StartOptions, log: Log) {
  const tools = await findTools();
  const missing = missingPackages(tools);
  if (!options.imageTool || missing.length > 0) {
    const what = [...missing, ...(options.imageTool ? [] : ["the picture renderer"])].join(", ");
    log.warn(
      `Previews of artwork files are not available in full: ${what} missing. Files of those kinds are listed without one.`,
    );
  }
  const sandbox = await sandboxFor(tools, tmpdir());
  if (sandbox.kind === "none") {
    log.warn(
      `Preview programs run as the server's own user, able to see its files and network: ${sandbox.why}. Install Debian's bubblewrap on a kernel that allows user namespaces.`,
    );
  }
  const checker = createArtworkChecker({
    tools,
    imageTool: options.imageTool ?? "",
    scratchRoot: undefined,
    sandbox,
    print: siteSettings().printCheck,
  });
  return artworkCheckJob({ checks, checker, read: (id) => uploads.storage.read(id), log });
}

class NoRecipientError extends Error {
  constructor() {
    super("The staff account was removed");
    this.name = "NoRecipientError";
  }
}

/**
 * The password cost the settings ask for. The test suites' cheap one is
 * refused on a database holding real passwords, and said loudly otherwise.
 */
async function passwordHashingFor(env: SiteSettings, db: Database, log: Log): Promise<{ passwordCost?: ScryptCost }> {
  if (env.passwordHashing === "standard") return {};
  if (await createStaffAccounts(db).holdsStandardHashes()) {
    await db.close();
    throw new Error(
      "STAFF_PASSWORD_HASHING=fast-for-tests is for test suites: this database holds staff passwords hashed at the standard cost. Remove the setting.",
    );
  }
  log.info(
    "STAFF_PASSWORD_HASHING=fast-for-tests: new staff passwords are hashed cheaply. Never use this outside tests.",
  );
  return { passwordCost: testPasswordCost };
}
