/**
 * The crop tool of one product photo (react-easy-crop): a frame of the shop's card aspect
 * (square, 4:5 portrait or 3:2 landscape, as Settings › Site › Photos on the shop says) over the
 * whole photo, which the owner drags (or moves with the arrow keys) onto what matters. Saving
 * stores the frame's centre as the photo's focal point: every product card then shows that part
 * of the photo, and the product page still shows it whole.
 *
 * The frame is as large as the card aspect allows (no zoom), so it is exactly what a card
 * shows. Loaded only when opened (./photo-card.tsx), with the library's stylesheet (the page's
 * Content-Security-Policy refuses the style element it would inject itself).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { CARD_ASPECT_RATIOS, cropAround, focalOfCrop } from '../../../../common/photo-framing';
import { errorMessage } from '../../api/errors';
import { useModalDialog } from '../../components/use-modal-dialog';
import { ASPECT_WORDS, photoDisplayQuery, useSetFocalPoint, type ProductPhoto } from './api';

export default function FocalPointDialog({
  productId,
  photo,
  onSaved,
  onClose,
}: {
  productId: number;
  photo: ProductPhoto;
  onSaved: () => void;
  onClose: () => void;
}) {
  const ref = useModalDialog();
  const titleId = useId();
  const hintId = useId();
  const display = useQuery(photoDisplayQuery());
  const save = useSetFocalPoint(productId);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [focal, setFocal] = useState({
    focal_x: photo.focal_x ?? 0.5,
    focal_y: photo.focal_y ?? 0.5,
  });
  const [error, setError] = useState<string | null>(null);
  const aspect = display.data?.card_aspect ?? 'square';
  const ratio = CARD_ASPECT_RATIOS[aspect];

  const submit = () => {
    setError(null);
    save.mutate(
      { photoId: photo.id, ...focal },
      { onSuccess: onSaved, onError: (failure) => setError(errorMessage(failure)) },
    );
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog focal-dialog"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog-title">
        What matters in this photo?
      </h2>
      <p id={hintId} className="confirm-dialog-body">
        Drag the frame onto the part that must show, or move it with the arrow keys. Product cards
        are {ASPECT_WORDS[aspect]}: they show what is inside the frame. The product page always
        shows the whole photo.
      </p>
      <div className="focal-crop" data-testid="focal-crop">
        {display.isPending ? null : (
          <Cropper
            // A new aspect is a new frame: start it again around the saved point.
            key={aspect}
            image={photo.image}
            aspect={ratio}
            crop={crop}
            zoom={1}
            minZoom={1}
            maxZoom={1}
            zoomWithScroll={false}
            showGrid
            disableAutomaticStylesInjection
            initialCroppedAreaPercentages={
              photo.width && photo.height
                ? cropAround(
                    {
                      width: photo.width,
                      height: photo.height,
                      focal_x: photo.focal_x,
                      focal_y: photo.focal_y,
                    },
                    ratio,
                  )
                : undefined
            }
            onCropChange={setCrop}
            onCropComplete={(area: Area) => setFocal(focalOfCrop(area))}
            mediaProps={{ alt: photo.alt_text }}
            cropperProps={{
              role: 'group',
              'aria-label': `Frame of a ${ASPECT_WORDS[aspect]} card`,
            }}
          />
        )}
      </div>
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
          disabled={save.isPending || display.isPending}
          onClick={submit}
        >
          {save.isPending ? 'Saving…' : 'Save focal point'}
        </button>
      </div>
    </dialog>
  );
}
