import { lazy, Suspense } from 'react';
import type { ImageFiles } from './use-image-files';

// Loaded with the first image: the page's weight before its first paint stays as it was (bench/page-weight.ts).
const AttachImageButton = lazy(() => import('./AttachImageButton').then((m) => ({ default: m.AttachImageButton })));
const ImageAttachments = lazy(() => import('./ImageAttachments').then((m) => ({ default: m.ImageAttachments })));

/** The composer's attach button, loaded after the page's data (it is no part of the first paint's weight). */
export function AttachImages(props: { images: ImageFiles; disabled: boolean | undefined }) {
  return (
    <Suspense fallback={null}>
      <AttachImageButton {...props} />
    </Suspense>
  );
}

/** The thumbnails waiting to be sent and why a file was refused; nothing (and no code loaded) before the first image. */
export function ImageTray({ images, disabled }: { images: ImageFiles; disabled: boolean | undefined }) {
  if (images.files.length === 0 && !images.error) return null;
  return (
    <Suspense fallback={null}>
      <ImageAttachments images={images} disabled={disabled} />
    </Suspense>
  );
}
