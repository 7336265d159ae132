/**
 * Choosing one of the shop's photos (the home page's hero, a category's tile): a modal dialog
 * listing the photos of the shop's products on sale as radio buttons, each its thumbnail and
 * its product's name, with "None" first (the storefront's fallback, said in `noneLabel`).
 * Saving calls `onChoose` with the photo's id or null; a refusal shows the server's words and
 * keeps the dialog open. Render it only while it is open.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorNotice, Loading } from '../../components/notice';
import { useModalDialog } from '../../components/use-modal-dialog';
import { shopPhotosQuery, type ShopPhoto } from './api';

export function PhotoPicker({
  title,
  noneLabel,
  chosenId,
  onChoose,
  onClose,
}: {
  title: string;
  /** What "None" means where it is chosen, e.g. "The oldest products' photos". */
  noneLabel: string;
  chosenId: number | null;
  onChoose: (photoId: number | null) => Promise<void>;
  onClose: () => void;
}) {
  const ref = useModalDialog();
  const titleId = useId();
  const name = useId();
  const photos = useQuery(shopPhotosQuery());
  const [choice, setChoice] = useState<number | null>(chosenId);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setPending(true);
    setError(null);
    try {
      await onChoose(choice);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const shown = (photos.data ?? []).filter((photo) => photo.product_active);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog photo-picker"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog-title">
        {title}
      </h2>
      {photos.isPending ? (
        <Loading />
      ) : photos.isError ? (
        <ErrorNotice error={photos.error} onRetry={() => void photos.refetch()} />
      ) : (
        <fieldset className="plain photo-picker-list">
          <legend className="visually-hidden">{title}</legend>
          <label className="check photo-option">
            <input
              type="radio"
              name={name}
              checked={choice === null}
              onChange={() => setChoice(null)}
            />
            <span>{noneLabel}</span>
          </label>
          {shown.map((photo: ShopPhoto) => (
            <label key={photo.id} className="check photo-option">
              <input
                type="radio"
                name={name}
                checked={choice === photo.id}
                onChange={() => setChoice(photo.id)}
              />
              <img src={photo.thumbnail} alt="" width={64} height={64} loading="lazy" />
              <span>
                {photo.product_name}
                <span className="muted small"> · {photo.alt_text}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={pending || photos.isPending}
          onClick={() => void save()}
        >
          {pending ? 'Saving…' : 'Use this photo'}
        </button>
      </div>
    </dialog>
  );
}
