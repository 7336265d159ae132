/**
 * One of a product's photos (./product-photos.tsx): its thumbnail, its alt text (editable),
 * "Focal point" (the crop tool, ./focal-point-dialog.tsx, loaded when opened), "Move earlier",
 * "Move later" and "Remove" (after a confirm step); a refusal shows the server's words, an alt
 * text's beside the field.
 */
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { AltTextField } from './alt-text-field';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SubmitButton } from '../../components/form-buttons';
import { useRemovePhoto, useUpdatePhoto, type ProductPhoto } from './api';

// The crop tool and its library load only when a member opens it.
const FocalPointDialog = lazy(() => import('./focal-point-dialog'));

/** A photo's moves in the order: one place earlier or later. */
const MOVES = [
  { by: -1, label: 'Move earlier' },
  { by: 1, label: 'Move later' },
] as const;

export function PhotoCard({
  productId,
  photo,
  index,
  count,
  moving,
  onMove,
  onRemoved,
}: {
  productId: number;
  photo: ProductPhoto;
  index: number;
  count: number;
  moving: boolean;
  onMove: (by: -1 | 1) => void;
  onRemoved: () => void;
}) {
  const id = useId();
  const save = useUpdatePhoto(productId);
  const remove = useRemovePhoto(productId);
  const [alt, setAlt] = useState(photo.alt_text);
  const [altError, setAltError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [framing, setFraming] = useState(false);
  const [framed, setFramed] = useState(false);
  const changed = alt !== photo.alt_text;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || save.isPending) return;
    setAltError(null);
    setError(null);
    if (!alt.trim()) {
      setAltError('Describe the photo for people who cannot see it.');
      return;
    }
    save.mutate(
      { photoId: photo.id, alt_text: alt },
      {
        onSuccess: (photos) => setAlt(photos.find((p) => p.id === photo.id)?.alt_text ?? alt),
        onError: (failure) => {
          const fields = fieldErrors(failure);
          if (fields.alt_text) setAltError(fields.alt_text.join(' '));
          else setError(errorMessage(failure));
        },
      },
    );
  }

  const title = index === 0 ? `Photo 1 (main image)` : `Photo ${index + 1}`;
  return (
    <li className="photo-card">
      <img
        src={photo.thumbnail}
        alt={photo.alt_text}
        width={160}
        height={160}
        className="photo-thumb"
      />
      <p id={`${id}-title`} className="photo-name small">
        {title}
        {index === 0 ? (
          <>
            {' '}
            <span className="badge badge-active">Main</span>
          </>
        ) : null}
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <AltTextField id={id} value={alt} error={altError} onChange={setAlt} />
        {changed ? (
          <SubmitButton
            busy={save.isPending}
            label="Save alt text"
            className="button button-small"
          />
        ) : null}
      </form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {framed ? (
        <p className="small" role="status">
          Focal point saved: cards show this part of the photo.
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            setFramed(false);
            setFraming(true);
          }}
          aria-describedby={`${id}-title`}
        >
          Focal point
        </button>
        {MOVES.map(({ by, label }) => (
          <button
            key={by}
            type="button"
            className="button button-small"
            disabled={index + by < 0 || index + by >= count || moving}
            onClick={() => onMove(by)}
            aria-describedby={`${id}-title`}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="button button-small button-danger"
          onClick={() => setConfirming(true)}
          aria-describedby={`${id}-title`}
        >
          Remove
        </button>
      </div>
      {framing ? (
        <Suspense fallback={null}>
          <FocalPointDialog
            productId={productId}
            photo={photo}
            onSaved={() => {
              setFraming(false);
              setFramed(true);
            }}
            onClose={() => setFraming(false)}
          />
        </Suspense>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Remove this photo?"
          confirmLabel="Remove photo"
          cancelLabel="Keep it"
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(photo.id, {
              onSuccess: () => {
                setConfirming(false);
                onRemoved();
              },
              onError: (failure) => {
                setConfirming(false);
                setError(errorMessage(failure));
              },
            })
          }
        >
          <p>The storefront stops showing “{photo.alt_text}” at once.</p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
