interface ImportMetaEnv {
  /** Build-time preloader duration in milliseconds; see app/site/lib/preloader.ts. */
  readonly PRELOADER_MS?: string;
}
