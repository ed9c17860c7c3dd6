import { type FocusEvent, type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";

type Errors = Partial<Record<string, string>>;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

type Rules = {
  /** The problems the server sent back with the form, if it refused it. */
  answered: Errors | undefined;
  /** One field's problem as the visitor leaves it. */
  checkField(name: string, value: string): string | undefined;
  /** Every field's problem, when the form is sent; empty when it may go. */
  checkAll(form: HTMLFormElement): Errors;
};

/**
 * What the site's forms do once a script runs, by the rules the server
 * applies: each field is checked as the visitor leaves it, a message goes as
 * soon as the field is right, and the whole form is checked before it is sent
 * (and sent once), with a summary of what to correct taking focus.
 */
export function useCheckedForm({ answered, checkField, checkAll }: Rules) {
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Errors>(answered ?? {});
  const [summaryShown, setSummaryShown] = useState(Boolean(answered));
  // A form the server sent back takes the visitor to its errors as soon as it wakes.
  const [summaryFocus, setSummaryFocus] = useState(answered ? 1 : 0);
  const [enhanced, setEnhanced] = useState(false);
  const edited = useRef(new Set<string>());
  const submitted = useRef(false);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    if (summaryFocus > 0) summary.current?.focus();
  }, [summaryFocus]);

  // A page the browser keeps for its back button comes back as it was left, mid-send;
  // the visitor who returns to it must be able to send again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      submitted.current = false;
      setSending(false);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  function setFieldError(name: string, message: string | undefined) {
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  }

  function currentValue(control: Control): string {
    return control instanceof HTMLInputElement && control.type === "checkbox"
      ? control.checked
        ? "on"
        : ""
      : control.value;
  }

  function onBlur(event: FocusEvent<Control>) {
    const control = event.currentTarget;
    // Passing through a field without typing is not a mistake yet. What was typed before
    // the form woke shows as a value other than the one it came with.
    const typed =
      edited.current.has(control.name) ||
      ("defaultValue" in control && control.value !== control.defaultValue && control.type !== "checkbox");
    if (!typed && !errors[control.name]) return;
    setFieldError(control.name, checkField(control.name, currentValue(control)));
  }

  function onInput(event: FormEvent<Control>) {
    const control = event.currentTarget;
    edited.current.add(control.name);
    // A message already shown goes away as soon as the field is right; no new ones while typing.
    if (errors[control.name]) setFieldError(control.name, checkField(control.name, currentValue(control)));
  }

  /** Checks the whole form; true when it may be sent. */
  function onSubmit(event: FormEvent<HTMLFormElement>): boolean {
    if (submitted.current) {
      event.preventDefault();
      return false;
    }
    const found = checkAll(event.currentTarget);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setErrors(found);
      setSummaryShown(true);
      setSummaryFocus((count) => count + 1);
      return false;
    }
    submitted.current = true;
    setSending(true);
    setErrors({});
    setSummaryShown(false);
    return true;
  }

  return { sending, errors, summaryShown, enhanced, summary, onBlur, onInput, onSubmit };
}

/** Follows a summary link to its field and puts the cursor there, with the label in view. */
export function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.hash.slice(1);
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.closest(".field")?.scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}
