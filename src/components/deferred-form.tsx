import {
  lazy,
  useCallback,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import {
  intent,
  mustWaitForIntent,
  releaseDeferredForms as releaseIntent,
} from './deferred-intent';

/**
 * Forms whose code loads when the shopper reaches for them (the first-load JavaScript budget:
 * 130 KB on `/`, 140 KB on every route). react-hook-form, zod and the resolvers weigh about
 * 20 KB gzipped; a server-rendered page shows its form as HTML at once and only needs that code
 * when someone types or clicks in it.
 *
 * How it works. The form component is `React.lazy`. On the server it renders whole (the render
 * waits for everything), so the page's HTML holds the form. When the browser hydrates the page,
 * the lazy component is still waiting, so React keeps the server's HTML of the boundary as it
 * is and hydrates the rest. The import starts on the first sign of intent inside the form's
 * region (pointer over or down, focus, a key), or on the first client-side navigation (the root
 * calls `releaseDeferredForms`); React
 * then hydrates the form in place: the same elements, the focus where it was.
 *
 * Nothing typed or pressed in the meantime is lost:
 * - values typed before the form hydrated are put back once it has (react-hook-form resets
 *   registered inputs to their default values when it registers them), through an `input`
 *   event, so the form's state has them too;
 * - a button pressed or a submit made before then (Enter in a field) is held, not sent natively
 *   (which would put a password in a URL), and made again once the form is live.
 *
 * When the page is not hydrating (a client-side navigation, the SPA shell, tests), the import
 * starts at once and `fallback` shows meanwhile.
 *
 * @param load resolves to the form component (a dynamic `import()` of its module).
 * @returns a memoized component with the form's props: a parent's re-render with the same props
 *   leaves the waiting boundary alone (an update to it would make React drop the server's HTML).
 */
export function deferredForm<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <div className="deferred-form-pending" aria-busy="true" />,
): ComponentType<P> {
  /** The regions of this form now in the page, and what happened in each. */
  const waiting = new Map<HTMLDivElement, PendingInput>();
  const Lazy = lazy(async () => {
    if (mustWaitForIntent()) await intent;
    const component = await load();
    // Read once more just before React takes the fields over (and resets them to the form's
    // defaults): a change made before the region's listeners were attached has no event.
    for (const [element, state] of waiting) noteChangedFields(element, state);
    return { default: component };
  });

  function DeferredForm(props: P) {
    const region = useRef<HTMLDivElement>(null);
    const pending = useRef<PendingInput>({
      typed: new Map(),
      click: null,
      submit: null,
      live: false,
    });
    const onLive = useCallback(() => catchUp(region.current, pending.current), []);

    useEffect(() => {
      const element = region.current;
      if (!element) return undefined;
      const state = pending.current;
      waiting.set(element, state);
      const inRegion = (event: Event) =>
        event.target instanceof Node && element.contains(event.target);
      const onIntent = (event: Event) => {
        if (inRegion(event)) releaseIntent();
      };
      const onInput = (event: Event) => {
        if (state.live || !inRegion(event)) return;
        const target = event.target;
        const key = isField(target) ? fieldKey(target) : null;
        if (key && isField(target)) state.typed.set(key, fieldState(target));
      };
      const onClick = (event: MouseEvent) => {
        if (state.live || !inRegion(event) || !(event.target instanceof Element)) return;
        const control = event.target.closest<HTMLElement>('button, input[type="submit"]');
        if (!control) return;
        // A button pressed before the form is live: hold the press and make it again once it is.
        event.preventDefault();
        event.stopPropagation();
        state.click = control;
        releaseIntent();
      };
      const onSubmit = (event: SubmitEvent) => {
        if (state.live || !inRegion(event)) return;
        // The form is not live yet: hold the submit and make it again once it is.
        event.preventDefault();
        event.stopPropagation();
        if (event.target instanceof HTMLFormElement) {
          state.submit = { form: event.target, submitter: event.submitter };
        }
        releaseIntent();
      };
      // On the window, in the capture phase: React stops some events aimed at a part of the page
      // it has not hydrated (to replay them later) before they reach the region.
      const intentEvents = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;
      const options = { capture: true, passive: true };
      for (const name of intentEvents) window.addEventListener(name, onIntent, options);
      window.addEventListener('input', onInput, true);
      window.addEventListener('change', onInput, true);
      window.addEventListener('submit', onSubmit, true);
      window.addEventListener('click', onClick, true);
      return () => {
        waiting.delete(element);
        for (const name of intentEvents) window.removeEventListener(name, onIntent, true);
        window.removeEventListener('input', onInput, true);
        window.removeEventListener('change', onInput, true);
        window.removeEventListener('submit', onSubmit, true);
        window.removeEventListener('click', onClick, true);
      };
    }, []);

    return (
      <div ref={region} className="deferred-form">
        <Suspense fallback={fallback}>
          <Lazy {...props} />
          <WhenLive onLive={onLive} />
        </Suspense>
      </div>
    );
  }
  DeferredForm.displayName = 'DeferredForm';
  return memo(DeferredForm) as unknown as ComponentType<P>;
}

/** What happened in a form's region before its code arrived. */
interface PendingInput {
  /** The last value (or checked state) of each field the shopper changed, by its selector. */
  typed: Map<string, FieldState>;
  /** A button pressed before the form was live, to press again. */
  click: HTMLElement | null;
  /** A submit made before the form was live, to make again. */
  submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
  /** True once the form has hydrated (or rendered). */
  live: boolean;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type FieldState = { value: string } | { checked: boolean } | { radio: string };

/**
 * Rendered after the form inside the same boundary, so its layout effect runs once the form is
 * in the page with its refs attached.
 */
function WhenLive({ onLive }: { onLive: () => void }) {
  useLayoutEffect(onLive, [onLive]);
  return null;
}

/** Puts back what was typed in `region` before its form was live, then makes a held submit. */
function catchUp(region: HTMLDivElement | null, state: PendingInput): void {
  state.live = true;
  if (region) {
    for (const [key, wanted] of state.typed) {
      for (const field of region.querySelectorAll<Field>(key)) restore(field, wanted);
    }
  }
  state.typed.clear();
  const pressed = state.click;
  state.click = null;
  if (pressed && pressed.isConnected) {
    // After this commit, so the button's handler sees the restored values; a submit button's
    // press submits the form, so a held submit is not made twice.
    state.submit = null;
    setTimeout(() => pressed.click());
  }
  const held = state.submit;
  state.submit = null;
  if (held && held.form.isConnected) {
    // After this commit, so the form's own handlers see the restored values.
    setTimeout(() =>
      isSubmitter(held.submitter)
        ? held.form.requestSubmit(held.submitter)
        : held.form.requestSubmit(),
    );
  }
}

/**
 * Records each field of `region` the shopper changed from the server's HTML (its default value,
 * checked state or selected option) that no event has recorded yet, so `catchUp` puts it back.
 */
function noteChangedFields(region: HTMLDivElement, state: PendingInput): void {
  if (state.live) return;
  for (const field of region.querySelectorAll<Field>('input, textarea, select')) {
    const key = fieldKey(field);
    if (!key || state.typed.has(key)) continue;
    const changed =
      field instanceof HTMLSelectElement
        ? [...field.options].some((option) => option.selected !== option.defaultSelected)
        : field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
          ? field.checked !== field.defaultChecked && (field.checked || field.type === 'checkbox')
          : field.value !== field.defaultValue;
    if (changed) state.typed.set(key, fieldState(field));
  }
}

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * A selector that finds `field` again once the form is live: its name (a radio group shares
 * one), else its id (a field held in React state may have no name); null when it has neither.
 */
function fieldKey(field: Field): string | null {
  if (field.name) return `[name="${CSS.escape(field.name)}"]`;
  return field.id ? `#${CSS.escape(field.id)}` : null;
}

function isSubmitter(element: HTMLElement | null): element is HTMLButtonElement | HTMLInputElement {
  return element instanceof HTMLButtonElement || element instanceof HTMLInputElement;
}

function fieldState(field: Field): FieldState {
  if (field instanceof HTMLInputElement && field.type === 'checkbox')
    return { checked: field.checked };
  if (field instanceof HTMLInputElement && field.type === 'radio') return { radio: field.value };
  return { value: field.value };
}

/**
 * Sets a field the way a shopper would, so React's `onChange` (and react-hook-form) sees it:
 * through the prototype's setter (React tracks the element's own) and a bubbling event.
 */
function restore(field: Field, wanted: FieldState): void {
  if ('checked' in wanted || 'radio' in wanted) {
    if (!(field instanceof HTMLInputElement)) return;
    const checked = 'checked' in wanted ? wanted.checked : field.value === wanted.radio;
    // A radio group is put back through the radio that was chosen.
    if (!checked && field.type === 'radio') return;
    // Always clicked, as a value is always sent below: the element may already show the state
    // the form's own state lacks. Setting the opposite first goes through React's tracker, so
    // the click reads as a change.
    if (checked === field.checked) field.checked = !checked;
    field.click();
    return;
  }
  // Always sent, even when the element already shows the value: a field held in React state
  // keeps the typed text in the element but not in its state. React only reports a change
  // when the value differs from the one it last saw, so that one is moved off first (through
  // the element's own setter, which React watches), then the value is set underneath it.
  field.value = wanted.value === '' ? ' ' : '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, wanted.value);
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}
