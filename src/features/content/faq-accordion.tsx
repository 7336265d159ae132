/**
 * The FAQ accordion (spec section 2, /faq), after the WAI-ARIA Authoring Practices
 * accordion pattern: each question is a button inside a heading, with `aria-expanded` and
 * `aria-controls` naming its answer panel (a region labelled by the button). Enter and Space
 * toggle (native buttons); ArrowDown and ArrowUp move between questions, Home and End jump to
 * the first and the last. Several answers may be open at once. Answers are server HTML and go
 * through the one sanitizing component.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronIcon } from '../../components/chevron-icon';
import { SanitizedHtml } from '../../components/sanitized-html';
import type { Faq } from './api';

export function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = faqs.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="content-accordion">
      {faqs.map((faq, index) => {
        const id = `faq-${index + 1}`;
        const expanded = open.has(index);
        return (
          <div
            key={faq.id ?? index}
            className="content-accordion__item"
            data-expanded={expanded || undefined}
          >
            <h2 className="content-accordion__heading">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                id={`${id}-question`}
                className="content-accordion__button"
                aria-expanded={expanded}
                aria-controls={`${id}-answer`}
                onClick={() => toggle(index)}
                onKeyDown={onKeyDown(index)}
              >
                <span className="content-accordion__question">{faq.question}</span>
                <span className="content-accordion__chevron">
                  <ChevronIcon size={14} />
                </span>
              </button>
            </h2>
            <div
              id={`${id}-answer`}
              role="region"
              aria-labelledby={`${id}-question`}
              className="content-accordion__panel"
              hidden={!expanded}
            >
              <SanitizedHtml className="content-prose" html={faq.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
