/**
 * A product's photos on its form (the product page embeds it, for a new product too): the
 * saved photos in the order the storefront shows them, the first being the main image, each
 * with its alt text (editable), "Move earlier", "Move later" and "Remove" (./photo-card.tsx);
 * then the photos chosen but not saved yet (./pending-photo.tsx, ./api.ts `useDraftPhotos`), which
 * the product's one save attaches after the saved ones. "Add photos" takes several files at
 * once, from a phone's camera or its library (`accept="image/*"`); each uploads at once with a
 * suggested alt text the owner may change. At most ten a product. A refusal shows in the
 * server's words: an upload's on its card, the rest at the top.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { MAX_PHOTOS } from '../../../../common/upload-limits';
import {
  altOf,
  draftPositions,
  moved,
  photosQuery,
  useReorderPhotos,
  type DraftPhotos,
} from './api';
import { PendingPhoto } from './pending-photo';
import { PhotoCard } from './photo-card';

export function ProductPhotos({
  productId,
  drafts,
  productName,
}: {
  /** The saved product's id; null on the new-product form. */
  productId: number | null;
  drafts: DraftPhotos;
  /** The name being typed, for the suggested alt texts. */
  productName: string;
}) {
  const headingId = useId();
  const photos = useQuery({ ...photosQuery(productId ?? 0), enabled: productId !== null });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const reorder = useReorderPhotos(productId ?? 0);

  const list = productId === null ? [] : (photos.data ?? []);
  const ready = productId === null || photos.isSuccess;
  const waiting = drafts.drafts.filter((d) => d.error === null);
  const room = MAX_PHOTOS - list.length - waiting.length;
  // Each draft's place after the saved photos, as the save numbers it (refused files take none).
  const positions = draftPositions(drafts.drafts, list.length);

  function choose(files: File[]) {
    setMessage(null);
    const taken = files.slice(0, Math.max(0, room));
    if (files.length > taken.length) {
      setMessage({
        tone: 'error',
        text: `A product has at most ${MAX_PHOTOS} photos: ${files.length - taken.length} of the files chosen were left out.`,
      });
    }
    if (taken.length) drafts.add(taken);
  }

  function move(index: number, by: -1 | 1) {
    setMessage(null);
    reorder.mutate(
      moved(
        list.map((p) => p.id),
        index,
        by,
      ),
      { onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }) },
    );
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <div className="panel-head">
        <h2 id={headingId}>Photos</h2>
        <span className="muted small">
          {list.length + waiting.length} of {MAX_PHOTOS}
        </span>
      </div>
      {productId !== null && photos.isPending ? <Loading label="Loading photos…" /> : null}
      {photos.isError ? (
        <ErrorNotice error={photos.error} onRetry={() => void photos.refetch()} />
      ) : null}
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {ready && list.length === 0 && drafts.drafts.length === 0 ? (
        <p className="muted">
          No photos yet: the shop shows a placeholder. The first photo is the main image.
        </p>
      ) : null}
      {list.length > 0 ? (
        <ol className="photo-grid" aria-label="Saved photos">
          {list.map((photo, index) => (
            <PhotoCard
              key={photo.id}
              productId={productId!}
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

      {drafts.drafts.length > 0 ? (
        <>
          {list.length > 0 ? (
            <p className="small muted">Added after the saved photos when you save the product.</p>
          ) : null}
          <ol
            className="photo-grid photo-grid-pending"
            aria-label="New photos, saved with the product"
          >
            {drafts.drafts.map((draft, place) => (
              <PendingPhoto
                key={draft.key}
                draft={draft}
                alt={altOf(draft, productName, positions.get(draft.key) ?? 0)}
                place={place}
                count={drafts.drafts.length}
                main={positions.get(draft.key) === 1}
                canMakeMain={list.length === 0}
                onAlt={(alt) => drafts.setAlt(draft.key, alt)}
                onMoveTo={(to) => drafts.moveTo(draft.key, to)}
                onRemove={() => drafts.remove(draft.key)}
              />
            ))}
          </ol>
        </>
      ) : null}

      <AddPhotosInput disabled={!ready || room <= 0} onChoose={choose} />
    </section>
  );
}

/** "Add photos": several at once; a phone offers its camera and its library. */
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
        Choose several at once, or take them with the camera: JPEG, PNG or WebP, up to 15 MB each.
        They upload while you type and are saved with the product.
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept="image/*"
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
