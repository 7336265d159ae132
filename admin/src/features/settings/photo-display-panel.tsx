/**
 * Photos on the shop (Settings › Site): the one shape of every product card (square, portrait
 * 4:5 or landscape 3:2), previewed on a few of the shop's own photos as its cards would show
 * them (each cropped around its focal point), and the home page's picture, chosen from the
 * shop's photos (none: the shop shows the photos of its three oldest products, which a new
 * product never replaces). Each saved on its own; the storefront shows it within a second.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorNotice, Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import {
  ASPECT_WORDS,
  photoDisplayQuery,
  shopPhotosQuery,
  useUpdatePhotoDisplay,
  type CardAspect,
  type ShopPhoto,
} from '../photos/api';
import { CardPreview } from '../photos/card-preview';
import { PhotoPicker } from '../photos/photo-picker';
import type { FormMessage } from './saved-form';

const ASPECTS: CardAspect[] = ['square', 'portrait', 'landscape'];

/** A few photos to preview cards with: the main photo of up to three products on sale. */
function previewPhotos(photos: ShopPhoto[]): ShopPhoto[] {
  const seen = new Set<number>();
  const picked: ShopPhoto[] = [];
  for (const photo of photos) {
    if (!photo.product_active || seen.has(photo.product_id)) continue;
    seen.add(photo.product_id);
    picked.push(photo);
    if (picked.length === 3) break;
  }
  return picked;
}

export function PhotoDisplayPanel() {
  const display = useQuery(photoDisplayQuery());
  const photos = useQuery(shopPhotosQuery());
  const update = useUpdatePhotoDisplay();
  const [aspect, setAspect] = useState<CardAspect | null>(null);
  const [picking, setPicking] = useState(false);
  const [message, setMessage] = useState<FormMessage>(null);

  if (display.isPending) return null;
  if (display.isError) {
    return (
      <Panel titleId="photos-title" title="Photos on the shop">
        <ErrorNotice error={display.error} onRetry={() => void display.refetch()} />
      </Panel>
    );
  }
  const saved = display.data.card_aspect;
  const shown = aspect ?? saved;
  const hero = display.data.hero_photo;

  const saveAspect = async () => {
    setMessage(null);
    try {
      await update.mutateAsync({ card_aspect: shown });
      setAspect(null);
      setMessage({
        tone: 'success',
        text: `Product cards are ${ASPECT_WORDS[shown]} now. The shop shows them within a second.`,
      });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error) });
    }
  };

  return (
    <Panel titleId="photos-title" title="Photos on the shop">
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <fieldset className="plain photo-display-aspect">
        <legend className="photo-display-legend">Shape of the product cards</legend>
        <p className="field-hint">
          Every card shows its photo in this shape, around the point you set on each photo (Products
          › photo › Focal point). Product pages always show the whole photo.
        </p>
        <div className="button-row">
          {ASPECTS.map((value) => (
            <label key={value} className="check">
              <input
                type="radio"
                name="card-aspect"
                value={value}
                checked={shown === value}
                onChange={() => setAspect(value)}
              />
              <span>{ASPECT_WORDS[value][0]!.toUpperCase() + ASPECT_WORDS[value].slice(1)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {photos.data && previewPhotos(photos.data).length > 0 ? (
        <div
          className="card-previews"
          role="group"
          aria-label={`Cards as the shop shows them: ${ASPECT_WORDS[shown]}`}
        >
          {previewPhotos(photos.data).map((photo) => (
            <CardPreview key={photo.id} photo={photo} aspect={shown} />
          ))}
        </div>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={shown === saved || update.isPending}
          onClick={() => void saveAspect()}
        >
          Save card shape
        </button>
      </div>

      <h3 className="photo-display-subtitle">Home page picture</h3>
      {hero ? (
        <div className="photo-display-hero">
          <img src={hero.thumbnail} alt={hero.alt_text} width={96} height={96} />
          <p>
            {hero.product_name}
            <br />
            <span className="muted small">{hero.alt_text}</span>
          </p>
        </div>
      ) : (
        <p className="muted">
          None chosen: the home page shows the photos of the shop’s three oldest products, and a new
          product never takes their place.
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={() => {
            setMessage(null);
            setPicking(true);
          }}
        >
          Choose the home page picture
        </button>
      </div>
      {picking ? (
        <PhotoPicker
          title="Home page picture"
          noneLabel="None: the photos of the three oldest products"
          chosenId={hero?.id ?? null}
          onClose={() => setPicking(false)}
          onChoose={async (photoId) => {
            const answer = await update.mutateAsync({ hero_photo_id: photoId });
            setPicking(false);
            setMessage({
              tone: 'success',
              text: answer.hero_photo
                ? `The home page shows the photo of ${answer.hero_photo.product_name} now.`
                : 'The home page shows the photos of the three oldest products now.',
            });
          }}
        />
      ) : null}
    </Panel>
  );
}
