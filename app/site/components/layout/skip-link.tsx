export function SkipLink({ label = "Skip to main content" }: { label?: string }) {
  return (
    <a className="skip-link" href="#main">
      {label}
    </a>
  );
}
