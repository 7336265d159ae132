/**
 * A product's photos in the back office (the product page embeds it): the photos in the order
 * the storefront shows them, the first being the main image; each with its alt text (editable),
 * "Move earlier", "Move later" and "Remove" (after a confirm step). "Add photos" takes one or
 * more JPEG, PNG or WebP files, uploads each at once and asks for its "Alt text" before "Add
 * photo" attaches it; at most ten a product. Every refusal shows in the server's words: an
 * upload's beside its file, an alt text's beside the field, the rest at the top.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { MAX_ALT_TEXT, MAX_PHOTOS, UPLOAD_TYPES } from '../../../../common/upload-limits';
import {
  isImageType,
  moved,
  photosQuery,
  uploadImage,
  useAddPhoto,
  useRemovePhoto,
  useReorderPhotos,
  useUpdatePhoto,
  type MediaUpload,
  type ProductPhoto,
} from './api';

/** A file chosen under "Add photos": uploading, uploaded (waiting for its alt text) or refused. */
interface Pending {
  key: number;
  name: string;
  upload: MediaUpload | null;
  error: string | null;
}

let nextKey = 1;

export function ProductPhotos({ productId }: { productId: number }) {
  const headingId = useId();
  const photos = useQuery(photosQuery(productId));
  const [pending, setPending] = useState<Pending[]>([]);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const reorder = useReorderPhotos(productId);

  const list = photos.data ?? [];
  const waiting = pending.filter((p) => p.error === null).length;
  const room = MAX_PHOTOS - list.length - waiting;

  function update(key: number, change: Partial<Pending>) {
    setPending((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  }

  function choose(files: File[]) {
    setMessage(null);
    const taken = files.slice(0, Math.max(0, room));
    if (files.length > taken.length) {
      setMessage({
        tone: 'error',
        text: `A product has at most ${MAX_PHOTOS} photos: ${files.length - taken.length} of the files chosen were left out.`,
      });
    }
    const added = taken.map((file) => ({
      key: nextKey++,
      name: file.name,
      upload: null,
      error: isImageType(file) ? null : 'Choose a JPEG, PNG or WebP image.',
    }));
    setPending((all) => [...all, ...added]);
    taken.forEach((file, i) => {
      const entry = added[i]!;
      if (entry.error) return;
      uploadImage(file).then(
        (upload) => update(entry.key, { upload }),
        (error: unknown) => update(entry.key, { error: errorMessage(error) }),
      );
    });
  }

  function move(index: number, by: -1 | 1) {
    setMessage(null);
    reorder.mutate(
      moved(
        list.map((p) => p.id),
        index,
        by,
      ),
      {
        onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
      },
    );
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <div className="panel-head">
        <h2 id={headingId}>Photos</h2>
        <span className="muted small">
          {list.length} of {MAX_PHOTOS}
        </span>
      </div>
      {photos.isPending ? <Loading label="Loading photos…" /> : null}
      {photos.isError ? (
        <ErrorNotice error={photos.error} onRetry={() => void photos.refetch()} />
      ) : null}
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {photos.isSuccess && list.length === 0 ? (
        <p className="muted">
          No photos yet: the storefront shows a placeholder. The first photo is the main image.
        </p>
      ) : null}
      {list.length > 0 ? (
        <ol className="photo-grid">
          {list.map((photo, index) => (
            <PhotoCard
              key={photo.id}
              productId={productId}
              photo={photo}
              index={index}
              count={list.length}
              moving={reorder.isPending}
              onMove={(by) => move(index, by)}
              onRemoved={() => setMessage({ tone: 'success', text: 'Photo removed.' })}
            />
          ))}
        </ol>
      ) : null}

      {pending.length > 0 ? (
        <ul className="photo-grid photo-grid-pending" aria-label="New photos">
          {pending.map((entry) => (
            <PendingPhoto
              key={entry.key}
              productId={productId}
              entry={entry}
              onDone={() => {
                setPending((all) => all.filter((p) => p.key !== entry.key));
                setMessage({ tone: 'success', text: 'Photo added.' });
              }}
              onDiscard={() => setPending((all) => all.filter((p) => p.key !== entry.key))}
            />
          ))}
        </ul>
      ) : null}

      <AddPhotosInput disabled={!photos.isSuccess || room <= 0} onChoose={choose} />
    </section>
  );
}

function AddPhotosInput({
  disabled,
  onChoose,
}: {
  disabled: boolean;
  onChoose: (files: File[]) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Add photos</label>
      <p id={`${id}-hint`} className="field-hint">
        JPEG, PNG or WebP, up to 15 MB each. Each new photo needs an alt text before it is added.
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept={UPLOAD_TYPES.join(',')}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onChoose(files);
        }}
      />
    </div>
  );
}

function PendingPhoto({
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
          <div className="field">
            <label htmlFor={`${id}-alt`}>Alt text</label>
            <input
              id={`${id}-alt`}
              value={alt}
              maxLength={MAX_ALT_TEXT}
              required
              aria-invalid={altError ? true : undefined}
              aria-describedby={altError ? `${id}-alt-error` : undefined}
              onChange={(event) => setAlt(event.target.value)}
            />
            {altError ? (
              <p id={`${id}-alt-error`} className="field-error">
                {altError}
              </p>
            ) : null}
          </div>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="button-row">
            <button
              type="submit"
              className="button button-primary button-small"
              disabled={add.isPending}
            >
              {add.isPending ? 'Adding…' : 'Add photo'}
            </button>
            <button type="button" className="button button-small" onClick={onDiscard}>
              Discard
            </button>
          </div>
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

function PhotoCard({
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
        <div className="field">
          <label htmlFor={`${id}-alt`}>Alt text</label>
          <input
            id={`${id}-alt`}
            value={alt}
            maxLength={MAX_ALT_TEXT}
            required
            aria-invalid={altError ? true : undefined}
            aria-describedby={altError ? `${id}-alt-error` : undefined}
            onChange={(event) => setAlt(event.target.value)}
          />
          {altError ? (
            <p id={`${id}-alt-error`} className="field-error">
              {altError}
            </p>
          ) : null}
        </div>
        {changed ? (
          <button type="submit" className="button button-small" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save alt text'}
          </button>
        ) : null}
      </form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-small"
          disabled={index === 0 || moving}
          onClick={() => onMove(-1)}
          aria-describedby={`${id}-title`}
        >
          Move earlier
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={index === count - 1 || moving}
          onClick={() => onMove(1)}
          aria-describedby={`${id}-title`}
        >
          Move later
        </button>
        <button
          type="button"
          className="button button-small button-danger"
          onClick={() => setConfirming(true)}
          aria-describedby={`${id}-title`}
        >
          Remove
        </button>
      </div>
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
