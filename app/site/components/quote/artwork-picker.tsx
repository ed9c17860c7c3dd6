import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { artworkFields } from "../../../server/contact/quote-spec.ts";
import { artworkPickerAccept, formatBytes } from "../../../server/uploads/artwork-kinds.ts";
import type { ArtworkText } from "../../content/artwork.ts";
import { FieldError } from "../contact/field-error.tsx";
import type { RunningUpload } from "./artwork-upload.ts";

/** The limits the server applies, told to the page so it can say them before a byte is sent. */
export type ArtworkLimits = { maxFiles: number; maxFileBytes: number };

/** A file the server already holds for this form (sent before, in a refused post). */
export type KeptFile = { id: string; name: string; size: number };

type Entry = {
  key: string;
  name: string;
  size: number;
  state: "uploading" | "paused" | "received" | "failed";
  sent: number;
  id?: string;
  message?: string;
};

export type ArtworkPickerProps = {
  limits: ArtworkLimits;
  token: string;
  kept: readonly KeptFile[];
  error: string | undefined;
  /** Whether a script runs: files then upload as they are chosen, and the form sends only their ids. */
  enhanced: boolean;
  /** Told how many files are still on their way, so the form is sent once the last one has arrived. */
  onPendingChange(pending: number): void;
  /** The artwork part's words in the page's language, and what a screen reader hears before a problem. */
  words: ArtworkText;
  errorPrefix: string;
};

const inputId = "quote-artwork";
const hintId = "quote-artwork-hint";
const errorId = "quote-artwork-error";

/**
 * The artwork files of a quote request. Without a script it is a file input,
 * and the files go with the form in one post. With one, each file starts
 * uploading as soon as it is chosen, resumably, with its own progress bar,
 * pause and cancel; the form then carries only the received files' ids.
 */
export function ArtworkPicker({
  limits,
  token,
  kept,
  error,
  enhanced,
  onPendingChange,
  words: text,
  errorPrefix,
}: ArtworkPickerProps) {
  const [entries, setEntries] = useState<Entry[]>(() =>
    kept.map((file) => ({
      key: file.id,
      name: file.name,
      size: file.size,
      state: "received",
      sent: file.size,
      id: file.id,
    })),
  );
  const [notice, setNotice] = useState("");
  const [problem, setProblem] = useState(error);
  const running = useRef(new Map<string, RunningUpload>());
  const input = useRef<HTMLInputElement>(null);
  const pending = entries.filter((entry) => entry.state === "uploading" || entry.state === "paused").length;

  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);

  const update = (key: string, change: Partial<Entry>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  async function take(files: readonly File[]) {
    setProblem(undefined);
    const room = limits.maxFiles - entries.filter((entry) => entry.state !== "failed").length;
    const refused: string[] = [];
    if (files.length > room) refused.push(text.tooMany(limits.maxFiles));
    const chosen = files.slice(0, Math.max(0, room)).filter((file) => {
      if (file.size <= limits.maxFileBytes) return true;
      refused.push(text.tooLarge(file.name, limits.maxFileBytes));
      return false;
    });
    if (refused.length > 0) setProblem(refused.join(" "));
    if (chosen.length === 0) return;
    const added = chosen.map((file, index): Entry & { file: File } => ({
      key: `${Date.now()}-${index}-${file.name}`,
      name: file.name,
      size: file.size,
      state: "uploading",
      sent: 0,
      file,
    }));
    setEntries((current) => [...current, ...added.map(({ file: _file, ...entry }) => entry)]);
    // The upload code comes only now, when there is something to upload.
    const { startUpload } = await import("./artwork-upload.ts");
    for (const entry of added) {
      let announced = 0;
      setNotice(text.progress(entry.name));
      const upload = startUpload(entry.file, token, {
        progress(sent, total) {
          update(entry.key, { sent, message: undefined });
          // Screen readers hear each quarter, not every piece.
          const quarter = Math.floor((sent / Math.max(1, total)) * 4);
          if (quarter > announced && quarter < 4) {
            announced = quarter;
            setNotice(`${text.progress(entry.name)}: ${quarter * 25}%`);
          }
        },
        received(id) {
          running.current.delete(entry.key);
          update(entry.key, { state: "received", sent: entry.size, id });
          setNotice(text.received(entry.name));
        },
        failed(message) {
          running.current.delete(entry.key);
          update(entry.key, { state: "failed", message: message ?? text.failed(entry.name) });
          setNotice(message ?? text.failed(entry.name));
        },
        offline() {
          update(entry.key, { message: text.retrying(entry.name) });
          setNotice(text.retrying(entry.name));
        },
      });
      running.current.set(entry.key, upload);
    }
  }

  // Files chosen before the script woke are in the input already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the script takes over
  useEffect(() => {
    if (!enhanced || !input.current?.files?.length) return;
    void take([...input.current.files]);
    input.current.value = "";
  }, [enhanced]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    if (!enhanced) return;
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    void take(files);
  }

  function pause(entry: Entry) {
    running.current.get(entry.key)?.pause();
    update(entry.key, { state: "paused" });
    setNotice(text.paused(entry.name));
  }

  function resume(entry: Entry) {
    running.current.get(entry.key)?.resume();
    update(entry.key, { state: "uploading" });
    setNotice(text.progress(entry.name));
  }

  function remove(entry: Entry) {
    running.current.get(entry.key)?.cancel();
    running.current.delete(entry.key);
    setEntries((current) => current.filter((other) => other.key !== entry.key));
    // Its buttons go with it: the keyboard's place goes back to choosing files.
    input.current?.focus();
  }

  const received = entries.flatMap((entry) => (entry.state === "received" && entry.id ? [entry.id] : []));
  const describedBy = [hintId, problem ? errorId : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="quote-form__group artwork">
      <legend>{text.legend}</legend>
      <div className={`field${problem ? " field--invalid" : ""}`}>
        <label htmlFor={inputId}>{text.label}</label>
        <p id={hintId} className="field__hint">
          {text.hint(limits.maxFiles, limits.maxFileBytes)}
        </p>
        {problem && <FieldError id={errorId} prefix={errorPrefix} message={problem} />}
        <input
          ref={input}
          id={inputId}
          type="file"
          // With a script the files go up one by one as they are chosen, not with the form.
          name={enhanced ? undefined : artworkFields.file}
          multiple
          accept={artworkPickerAccept}
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
          onChange={onChange}
        />
      </div>
      <input type="hidden" name={artworkFields.ids} value={received.join(",")} />
      {entries.length > 0 && (
        <ul className="artwork__files" aria-label={text.kept}>
          {entries.map((entry) => (
            <ArtworkEntry
              key={entry.key}
              entry={entry}
              text={text}
              enhanced={enhanced}
              onPause={pause}
              onResume={resume}
              onRemove={remove}
            />
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {notice}
      </p>
    </fieldset>
  );
}

function ArtworkEntry({
  entry,
  text,
  enhanced,
  onPause,
  onResume,
  onRemove,
}: {
  entry: Entry;
  text: ArtworkText;
  enhanced: boolean;
  onPause(entry: Entry): void;
  onResume(entry: Entry): void;
  onRemove(entry: Entry): void;
}) {
  const moving = entry.state === "uploading" || entry.state === "paused";
  return (
    <li className={`artwork__file artwork__file--${entry.state}`}>
      <span className="artwork__name">{entry.name}</span>{" "}
      <span className="artwork__size">{formatBytes(entry.size)}</span>
      {moving && (
        <progress max={entry.size || 1} value={entry.sent} aria-label={text.progress(entry.name)}>
          {Math.round((entry.sent / Math.max(1, entry.size)) * 100)}%
        </progress>
      )}
      {entry.state === "received" && <span className="artwork__state">{text.receivedState}</span>}
      {entry.state === "paused" && <span className="artwork__size">{text.pausedState}</span>}
      {entry.state === "failed" && <span className="field__error">{entry.message}</span>}
      {moving && entry.message && <span className="artwork__size">{entry.message}</span>}
      {enhanced && (
        <span className="artwork__actions">
          {moving && (
            // One button that changes its words, so the keyboard's place stays on it.
            <button
              type="button"
              className="button button--ghost"
              onClick={() => (entry.state === "paused" ? onResume(entry) : onPause(entry))}
            >
              <span aria-hidden="true">{entry.state === "paused" ? text.buttons.resume : text.buttons.pause}</span>
              <span className="visually-hidden">
                {entry.state === "paused" ? text.resume(entry.name) : text.pause(entry.name)}
              </span>
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={() => onRemove(entry)}>
            <span aria-hidden="true">{moving ? text.buttons.cancel : text.buttons.remove}</span>
            <span className="visually-hidden">{moving ? text.cancel(entry.name) : text.remove(entry.name)}</span>
          </button>
        </span>
      )}
    </li>
  );
}
