/**
 * A file chosen under "Add photos" on a product's photos (./product-photos.tsx) while it uploads,
 * once uploaded (it asks for its alt text before "Add photo" attaches it) or refused (with the
 * server's words and Discard).
 */
import { useId, useState, type FormEvent } from 'react';
import { AltTextField } from './alt-text-field';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useAddPhoto, type MediaUpload } from './api';
import { FormButtons } from '../../components/form-buttons';

/** A file chosen under "Add photos": uploading, uploaded (waiting for its alt text) or refused. */
export interface Pending {
  key: number;
  name: string;
  upload: MediaUpload | null;
  error: string | null;
}

export function PendingPhoto({
  productId,
  entry,
  onDone,
  onDiscard,
}: {
  productId: number;
  entry: Pending;
  onDone: () => void;
  onDiscard: () => void;
}) {
  const id = useId();
  const add = useAddPhoto(productId);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!entry.upload || add.isPending) return;
    setError(null);
    setAltError(null);
    if (!alt.trim()) {
      setAltError('Describe the photo for people who cannot see it.');
      return;
    }
    add.mutate(
      { upload_id: entry.upload.id, alt_text: alt },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const fields = fieldErrors(failure);
          if (fields.alt_text) setAltError(fields.alt_text.join(' '));
          else setError(errorMessage(failure));
        },
      },
    );
  }

  return (
    <li className="photo-card">
      {entry.upload ? (
        <img src={entry.upload.thumb_url} alt="" width={160} height={160} className="photo-thumb" />
      ) : (
        <div className="photo-thumb photo-thumb-empty" aria-hidden="true" />
      )}
      <p className="photo-name small">{entry.name}</p>
      {entry.error ? (
        <p className="field-error" role="alert">
          {entry.name}: {entry.error}
        </p>
      ) : null}
      {!entry.upload && !entry.error ? (
        <p role="status" className="muted small">
          Uploading…
        </p>
      ) : null}
      {entry.upload ? (
        <form className="form" onSubmit={submit} noValidate>
          <AltTextField id={id} value={alt} error={altError} onChange={setAlt} />
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <FormButtons
            busy={add.isPending}
            label="Add photo"
            busyLabel="Adding…"
            className="button button-primary button-small"
          >
            <button type="button" className="button button-small" onClick={onDiscard}>
              Discard
            </button>
          </FormButtons>
        </form>
      ) : entry.error ? (
        <div className="button-row">
          <button type="button" className="button button-small" onClick={onDiscard}>
            Discard
          </button>
        </div>
      ) : null}
    </li>
  );
}
