// A page's text in the console: Markdown in a text box, a toolbar that writes it (bold, italic, a
// heading, lists, a link; Ctrl+B and Ctrl+I too), and a preview rendered by the storefront's own
// renderer (src/lib/rich-text.tsx), so what the owner sees is what a customer reads.
import { useLingui } from "@lingui/react/macro";
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import "./rich-text-field.css";
import { RichText } from "../lib/rich-text.tsx";

type Edit = (text: string, start: number, end: number) => { text: string; start: number; end: number };

/** Wraps the selection in `mark` (or puts an empty pair at the caret). */
const wrap =
  (mark: string, placeholder: string): Edit =>
  (text, start, end) => {
    const chosen = text.slice(start, end) || placeholder;
    const next = `${text.slice(0, start)}${mark}${chosen}${mark}${text.slice(end)}`;
    return { text: next, start: start + mark.length, end: start + mark.length + chosen.length };
  };

/** Starts each selected line (or the caret's line) with `prefix`; `numbered` counts 1., 2., ... */
const prefixLines =
  (prefix: string, numbered = false): Edit =>
  (text, start, end) => {
    const from = text.lastIndexOf("\n", start - 1) + 1;
    const lines = text.slice(from, end).split("\n");
    const block = lines.map((line, i) => `${numbered ? `${String(i + 1)}. ` : prefix}${line}`).join("\n");
    const next = `${text.slice(0, from)}${block}${text.slice(end)}`;
    return { text: next, start: from, end: from + block.length };
  };

const link =
  (placeholder: string): Edit =>
  (text, start, end) => {
    const chosen = text.slice(start, end) || placeholder;
    const next = `${text.slice(0, start)}[${chosen}](https://)${text.slice(end)}`;
    // The address is selected, ready to be typed over.
    const at = start + chosen.length + 3;
    return { text: next, start: at, end: at + "https://".length };
  };

export function RichTextField({
  id,
  label,
  value,
  onChange,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
}) {
  const { t } = useLingui();
  const box = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);
  // The part a tool just wrote, selected once its text is in the box (the same commit, so a key
  // typed right after lands where the owner expects).
  const pending = useRef<{ start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    const area = box.current;
    const selection = pending.current;
    if (!area || !selection) return;
    pending.current = null;
    area.focus();
    area.setSelectionRange(selection.start, selection.end);
  }, [value]);

  const apply = (edit: Edit) => {
    const area = box.current;
    if (!area) return;
    const result = edit(value, area.selectionStart, area.selectionEnd);
    if (result.text.length > maxLength) return;
    pending.current = { start: result.start, end: result.end };
    onChange(result.text);
  };

  const tools: { name: string; label: string; edit: Edit }[] = [
    { name: "bold", label: t`Bold`, edit: wrap("**", t`bold text`) },
    { name: "italic", label: t`Italic`, edit: wrap("_", t`italic text`) },
    // "# " is the first heading under the page's own title (an h2 on the storefront).
    { name: "heading", label: t`Heading`, edit: prefixLines("# ") },
    { name: "list", label: t`Bulleted list`, edit: prefixLines("- ") },
    { name: "numbered", label: t`Numbered list`, edit: prefixLines("", true) },
    { name: "link", label: t`Link`, edit: link(t`link text`) },
  ];

  const keys = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key !== "b" && key !== "i") return;
    e.preventDefault();
    apply(key === "b" ? wrap("**", t`bold text`) : wrap("_", t`italic text`));
  };

  return (
    <div className="rich-text-field">
      <div className="rich-text-field__bar" role="toolbar" aria-label={t`Formatting: ${label}`}>
        {tools.map((tool) => (
          <button
            key={tool.name}
            type="button"
            className={`staff-button rich-text-field__tool rich-text-field__tool--${tool.name}`}
            title={tool.label}
            onClick={() => {
              apply(tool.edit);
            }}
          >
            {/* The name is the tool's word (a glyph alone would not say it); the glyph is what shows. */}
            {tool.name === "link" ? <LinkGlyph /> : <span aria-hidden="true">{TOOL_GLYPHS[tool.name]}</span>}
            <span className="visually-hidden">{tool.label}</span>
          </button>
        ))}
        <button
          type="button"
          className="staff-button rich-text-field__preview-toggle"
          aria-pressed={preview}
          onClick={() => {
            setPreview((p) => !p);
          }}
        >
          {t`Preview`}
        </button>
      </div>
      <textarea
        ref={box}
        id={id}
        className="staff-textarea content-editor__body"
        rows={8}
        maxLength={maxLength}
        value={value}
        // Each language's text reads in its own direction (Uzbek in an Arabic console, say).
        dir="auto"
        onKeyDown={keys}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      {preview && (
        <section className="rich-text-field__preview" aria-label={t`Preview: ${label}`}>
          {value.trim() ? (
            <RichText className="rich-text-field__render" text={value} dir="auto" />
          ) : (
            <p className="staff-hint">{t`Nothing written yet.`}</p>
          )}
        </section>
      )}
    </div>
  );
}

/** What each tool's button shows (its name is its label). */
const TOOL_GLYPHS: Record<string, string> = {
  bold: "B",
  italic: "I",
  heading: "H",
  list: "•",
  numbered: "1.",
};

/** A chain link, drawn: an emoji is not in every font the console meets. */
function LinkGlyph() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </svg>
  );
}
