/**
 * The back office's rich text editor (TipTap): product descriptions, blog posts, FAQ answers,
 * policies. It edits and reports HTML (`value` in, `onChange(html)` out; an empty document is
 * `''`), so it plugs into react-hook-form through `Controller`:
 *
 * ```tsx
 * <Controller name="description" control={control} render={({ field, fieldState }) => (
 *   <RichTextEditor id="description" label="Description" value={field.value}
 *     onChange={field.onChange} invalid={!!fieldState.error} />
 * )} />
 * ```
 *
 * What it can produce is a subset of the staff HTML policy (common/html-policy.ts) that the
 * server sanitizes with on save: paragraphs, h2 and h3, bold, italic, underline, strike,
 * inline code and code blocks, bullet and numbered lists, quotes, rules, line breaks and links
 * to http(s), mailto, tel or a site path (no `target`, no `rel`). Pasted
 * HTML outside that set is dropped by the editor's schema before it reaches `onChange`.
 *
 * Accessibility: the label is a visible `<span>` the editable area names itself by
 * (`aria-labelledby`; a `<label for>` cannot name a contenteditable); the toolbar follows the
 * ARIA toolbar pattern (one tab stop, arrow keys move, `aria-pressed` on toggles); the link
 * address is asked for in an inline labelled field, not a browser prompt.
 */
import DOMPurify from 'dompurify';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** Link addresses the editor accepts: the policy's schemes, or a path on the site. */
export function isAllowedLinkAddress(url: string): boolean {
  return /^(https?:\/\/[^\s/]|mailto:|tel:|\/(?![/\\]))/i.test(url.trim());
}

/** The editor's extensions; exported for the test that checks them against the policy. */
export const RICH_TEXT_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: false,
    trailingNode: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    protocols: ['mailto', 'tel'],
    HTMLAttributes: { target: null, rel: null, class: null },
    isAllowedUri: (url) => isAllowedLinkAddress(url),
  }),
];

/**
 * Stored HTML made inert before the editor reads it: TipTap parses a string into elements of
 * this document, where an `<img onerror>` would load and run (the CSP refuses it; the server
 * sanitizes on save, but older or seeded content may predate that). DOMPurify's defaults drop
 * scripts and event handlers; the editor's schema then keeps only what it can edit.
 */
export function inert(html: string): string {
  // Handler attributes are renamed before any parse: parsing one, even in DOMPurify's detached
  // document, compiles it against the page's CSP, which refuses it with a console error.
  if (!html) return html;
  const renamed = html.replace(/<[^>]*>/g, (tag) =>
    tag.replace(/(\s)on([a-z]+\s*=)/gi, '$1data-on$2'),
  );
  return DOMPurify.sanitize(renamed, { ALLOW_DATA_ATTR: false });
}

/** `<p></p>` (TipTap's empty document) reads as no text at all. */
function toValue(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The editable area's attributes: its id, a multi-line textbox named by the label (`labelId`),
 * described by `describedBy`, and marked invalid or disabled when it is.
 */
function editableAttributes({
  id,
  labelId,
  describedBy,
  invalid,
  disabled,
}: {
  id: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}): Record<string, string> {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: 'rich-text-content',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(disabled ? { 'aria-disabled': 'true' } : {}),
  };
}

export function RichTextEditor({
  id,
  value,
  onChange,
  label,
  describedBy,
  invalid = false,
  disabled = false,
  onBlur,
}: {
  /** The editable area's id (use it for `aria-describedby` targets and focus on error). */
  id: string;
  /** The HTML to show; a change from outside (a form reset) replaces the document. */
  value: string | null | undefined;
  onChange: (html: string) => void;
  /** The visible label. */
  label: ReactNode;
  /** Ids of hint and error text, space separated. */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
}) {
  const labelId = useId();
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  }, [onChange, onBlur]);
  const lastEmitted = useRef<string>(value ?? '');

  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: inert(value ?? ''),
    editable: !disabled,
    // TipTap would add its base rules as an inline <style>, which the back office's CSP
    // (style-src 'self') refuses; the same rules are in styles/controls.css.
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: editableAttributes({ id, labelId }) },
    onUpdate: ({ editor: e }) => {
      const html = toValue(e);
      // Plugins may touch the document without changing its HTML: no change to report.
      if (html === lastEmitted.current) return;
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // Attributes that change after mount (error state, hint ids).
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: editableAttributes({ id, labelId, describedBy, invalid, disabled }),
      },
    });
  }, [editor, id, labelId, describedBy, invalid, disabled]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  // A value from outside (reset, load) that is not what the editor last reported.
  useEffect(() => {
    const next = value ?? '';
    if (next !== lastEmitted.current && next !== toValue(editor)) {
      editor.commands.setContent(inert(next), { emitUpdate: false });
      lastEmitted.current = next;
    }
  }, [editor, value]);

  return (
    <div className={invalid ? 'rich-text rich-text-invalid' : 'rich-text'}>
      <span id={labelId} className="rich-text-label">
        {label}
      </span>
      <Toolbar editor={editor} editorId={id} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

type ToolbarButton = {
  /** The button's name: it contains the visible `short` text (WCAG 2.5.3, label in name). */
  label: string;
  short: string;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
  can?: (editor: Editor) => boolean;
};

/**
 * A button that toggles a mark or a block: `run` is its command on the focused editor's chain,
 * and it is pressed while the selection is in `name` (with `attrs`, e.g. a heading's level).
 */
const toggle = (
  label: string,
  short: string,
  run: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>,
  name: string,
  attrs?: Record<string, unknown>,
): ToolbarButton => ({
  label,
  short,
  run: (e) => run(e.chain().focus()).run(),
  active: (e) => e.isActive(name, attrs),
});

const BUTTONS: ToolbarButton[] = [
  toggle('Bold', 'B', (c) => c.toggleBold(), 'bold'),
  toggle('Italic', 'I', (c) => c.toggleItalic(), 'italic'),
  toggle('H2 heading', 'H2', (c) => c.toggleHeading({ level: 2 }), 'heading', { level: 2 }),
  toggle('H3 heading', 'H3', (c) => c.toggleHeading({ level: 3 }), 'heading', { level: 3 }),
  toggle('Bullet list', '• List', (c) => c.toggleBulletList(), 'bulletList'),
  toggle('1. List, numbered', '1. List', (c) => c.toggleOrderedList(), 'orderedList'),
  toggle('Quote', '“ ”', (c) => c.toggleBlockquote(), 'blockquote'),
];

function Toolbar({
  editor,
  editorId,
  disabled,
}: {
  editor: Editor;
  editorId: string;
  disabled: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: BUTTONS.map((b) => (b.active ? b.active(e) : false)),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [asking, setAsking] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const fieldId = useId();

  const count = BUTTONS.length + 2;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    let next: number | null = null;
    if (event.key in keys) next = (focusIndex + keys[event.key]! + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  }

  function openLink() {
    setAddress(state.href);
    setError(null);
    setAsking(true);
  }

  function applyLink() {
    const url = address.trim();
    if (url === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setAsking(false);
      return;
    }
    if (!isAllowedLinkAddress(url)) {
      setError('Use an address starting with https://, http://, mailto:, tel: or /');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setAsking(false);
  }

  return (
    <>
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label="Formatting"
        aria-controls={editorId}
        className="rich-text-toolbar"
        onKeyDown={onKeyDown}
      >
        {BUTTONS.map((button, index) => (
          <button
            key={button.label}
            type="button"
            className="rich-text-button"
            aria-label={button.label}
            title={button.label}
            aria-pressed={state.active[index]}
            tabIndex={focusIndex === index ? 0 : -1}
            disabled={disabled}
            onFocus={() => setFocusIndex(index)}
            onClick={() => button.run(editor)}
          >
            <span aria-hidden="true">{button.short}</span>
          </button>
        ))}
        <button
          type="button"
          className="rich-text-button"
          aria-label="Link"
          title="Link"
          aria-pressed={state.link}
          aria-expanded={asking}
          tabIndex={focusIndex === BUTTONS.length ? 0 : -1}
          disabled={disabled}
          onFocus={() => setFocusIndex(BUTTONS.length)}
          onClick={openLink}
        >
          <span aria-hidden="true">Link</span>
        </button>
        <button
          type="button"
          className="rich-text-button"
          aria-label="Unlink"
          title="Unlink"
          tabIndex={focusIndex === BUTTONS.length + 1 ? 0 : -1}
          disabled={disabled || !state.link}
          onFocus={() => setFocusIndex(BUTTONS.length + 1)}
          onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
        >
          <span aria-hidden="true">Unlink</span>
        </button>
      </div>
      {asking ? (
        <div className="rich-text-link form-inline">
          <div className="field">
            <label htmlFor={fieldId}>Link address</label>
            <input
              id={fieldId}
              type="text"
              inputMode="url"
              maxLength={2000}
              value={address}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(event) => setAddress(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyLink();
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  setAsking(false);
                  editor.commands.focus();
                }
              }}
            />
            {error ? (
              <p id={`${fieldId}-error`} className="field-error">
                {error}
              </p>
            ) : null}
          </div>
          <div className="button-row">
            <button type="button" className="button button-small" onClick={applyLink}>
              Apply link
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                setAsking(false);
                editor.commands.focus();
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
