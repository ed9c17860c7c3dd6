/** The brand mark: a folded box drawn in the brand colours. Decorative beside the name. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path d="M20 3 36 11v18L20 37 4 29V11z" fill="var(--color-brand)" />
      <path d="M20 3 36 11 20 19 4 11z" fill="var(--color-accent)" />
      <path d="M20 19v18l16-8V11z" fill="var(--color-brand-deep)" />
      <path d="m12 7 16 8v6l-4 2v-6L8 9z" fill="#fff" opacity=".85" />
    </svg>
  );
}

/** The mark and the company's name; the name is handed in, as the header that shows it is an island. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__name">{name}</span>
    </span>
  );
}
