import { useEffect, useMemo } from 'react';
import { X } from 'lucide-react';
import type { ImageFiles } from './use-image-files';

/** Thumbnails of the images waiting to be sent, each with a remove button, and why a file was refused. */
export function ImageAttachments({ images, disabled }: { images: ImageFiles; disabled: boolean | undefined }) {
  const urls = useMemo(() => images.files.map((file) => URL.createObjectURL(file)), [images.files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  if (urls.length === 0 && !images.error) return null;
  return (
    <div className="flex flex-col gap-1.5 px-3 pb-1">
      {urls.length > 0 && (
        <ul aria-label="Images to send" className="flex flex-wrap gap-2">
          {urls.map((url, index) => (
            <li key={url} className="relative">
              <img src={url} alt={images.files[index]?.name || `Image ${index + 1}`} className="size-16 rounded-lg border border-neutral-200 object-cover dark:border-neutral-700" />
              <button
                type="button"
                aria-label={`Remove image ${index + 1}`}
                disabled={disabled}
                onClick={() => images.remove(index)}
                className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-neutral-800 text-white shadow hover:bg-neutral-700 dark:bg-neutral-200 dark:text-neutral-900"
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {images.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {images.error}
        </p>
      )}
    </div>
  );
}
