/** A field's message, beside it: a screen reader hears it as an error (`prefix`, in the page's words). */
export function FieldError({ id, prefix, message }: { id: string; prefix: string; message: string }) {
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">{`${prefix} `}</span>
      {message}
    </p>
  );
}
