/**
 * One image upload: a labelled file input (JPEG, PNG or WebP) that sends the chosen file at
 * once (`POST /media/uploads/`), says so while it goes, shows the server's refusal in its words
 * beside the input (an SVG, a text file, too large, too many pixels...), and on success shows
 * the thumbnail and calls `onUploaded` with the upload, whose id the caller's form then sends
 * (a blog post's featured image, the site logo).
 */
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { isImageType, uploadImage, type MediaUpload } from './api';
import { UPLOAD_TYPES } from '../../../../common/upload-limits';

export function ImageUpload({
  label,
  onUploaded,
}: {
  label: string;
  onUploaded(upload: { id: number; url: string; thumb_url: string }): void;
}) {
  const id = useId();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'sending'; name: string }
    | { kind: 'done'; upload: MediaUpload; name: string }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });

  async function send(file: File) {
    if (!isImageType(file)) {
      setState({
        kind: 'failed',
        message: `${file.name}: choose a JPEG, PNG or WebP image.`,
      });
      return;
    }
    setState({ kind: 'sending', name: file.name });
    try {
      const upload = await uploadImage(file);
      setState({ kind: 'done', upload, name: file.name });
      onUploaded(upload);
    } catch (error) {
      setState({ kind: 'failed', message: `${file.name}: ${errorMessage(error)}` });
    }
  }

  const errorId = `${id}-error`;
  return (
    <div className="field image-upload">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field-hint">
        JPEG, PNG or WebP, up to 15 MB.
      </p>
      <input
        id={id}
        type="file"
        accept={UPLOAD_TYPES.join(',')}
        disabled={state.kind === 'sending'}
        aria-invalid={state.kind === 'failed' ? true : undefined}
        aria-describedby={state.kind === 'failed' ? `${id}-hint ${errorId}` : `${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      {state.kind === 'sending' ? (
        <p role="status" className="muted small">
          Uploading {state.name}…
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <p id={errorId} className="field-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <p role="status" className="image-upload-preview">
          <img src={state.upload.thumb_url} alt="" width={96} height={96} />
          <span className="muted small">Uploaded {state.name}</span>
        </p>
      ) : null}
    </div>
  );
}
