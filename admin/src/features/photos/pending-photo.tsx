/**
 * A photo chosen on the product form, not saved yet (./api.ts `useDraftPhotos`): its thumbnail once
 * uploaded ("Uploading…" before), its alt text (the suggestion until the owner types their
 * own), "Make main" (the first photo is the shop's main image; only while the product has no
 * saved photo, since new photos are added after the saved ones), "Earlier", "Later" and
 * "Remove". After a move the focus goes to the moved card's alt text (or, while it uploads, to
 * the card). An upload the server refused shows its words and only "Remove". The product's
 * one save attaches it; a refusal then shows beside its alt text.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { AltTextField } from './alt-text-field';
import type { DraftPhoto } from './api';

export function PendingPhoto({
  draft,
  alt,
  place,
  count,
  main,
  canMakeMain,
  onAlt,
  onMoveTo,
  onRemove,
}: {
  draft: DraftPhoto;
  /** The alt text shown: the owner's, or the suggestion. */
  alt: string;
  /** Its place among the chosen photos, from 0. */
  place: number;
  count: number;
  /** Whether it will be the product's main image. */
  main: boolean;
  /** Whether a new photo can become the main image (the product has no saved photo). */
  canMakeMain: boolean;
  onAlt: (alt: string) => void;
  onMoveTo: (to: number) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const card = useRef<HTMLLIElement>(null);
  // Counts the moves, so the focus follows the card once it is in its new place.
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    if (moves === 0) return;
    const field = document.getElementById(`${id}-alt`);
    (field ?? card.current)?.focus();
  }, [moves, id]);
  const moveTo = (to: number) => {
    onMoveTo(to);
    setMoves((n) => n + 1);
  };
  const label = draft.upload ? alt || draft.name : draft.name;
  return (
    <li className="photo-card" ref={card} tabIndex={-1}>
      {draft.upload ? (
        <img src={draft.upload.thumb_url} alt="" width={160} height={160} className="photo-thumb" />
      ) : (
        <div className="photo-thumb photo-thumb-empty" aria-hidden="true" />
      )}
      {main ? <span className="badge badge-active photo-main">Main photo</span> : null}
      {draft.error ? (
        <p className="field-error" role="alert">
          {draft.name}: {draft.error}
        </p>
      ) : draft.upload ? (
        <AltTextField id={id} value={alt} error={draft.saveError} onChange={onAlt} />
      ) : (
        <p role="status" className="muted small photo-name">
          Uploading {draft.name}…
        </p>
      )}
      <div className="button-row">
        {!draft.error && canMakeMain && !main ? (
          <button type="button" className="button button-small" onClick={() => moveTo(0)}>
            Make main <span className="visually-hidden">({label})</span>
          </button>
        ) : null}
        {!draft.error && place > 0 ? (
          <button type="button" className="button button-small" onClick={() => moveTo(place - 1)}>
            Earlier <span className="visually-hidden">({label})</span>
          </button>
        ) : null}
        {!draft.error && place < count - 1 ? (
          <button type="button" className="button button-small" onClick={() => moveTo(place + 1)}>
            Later <span className="visually-hidden">({label})</span>
          </button>
        ) : null}
        <button type="button" className="button button-small" onClick={onRemove}>
          Remove <span className="visually-hidden">({label})</span>
        </button>
      </div>
    </li>
  );
}
