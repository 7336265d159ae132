/**
 * A product's photos in the back office (the product page embeds it): the photos in the order
 * the storefront shows them, the first being the main image; each with its alt text (editable),
 * "Move earlier", "Move later" and "Remove" (after a confirm step). "Add photos" takes one or
 * more JPEG, PNG or WebP files, uploads each at once and asks for its "Alt text" before "Add
 * photo" attaches it; at most ten a product. Every refusal shows in the server's words: an
 * upload's beside its file, an alt text's beside the field, the rest at the top.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { MAX_PHOTOS, UPLOAD_TYPES } from '../../../../common/upload-limits';
import { isImageType, moved, photosQuery, uploadImage, useReorderPhotos } from './api';
import { PendingPhoto, type Pending } from './pending-photo';
import { PhotoCard } from './photo-card';

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
