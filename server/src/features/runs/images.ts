import { MAX_IMAGE_BYTES, MAX_IMAGES, type ImageAttachment } from '@cui/contract';
import { AppError } from '../../platform/app-error';

/** The first bytes of each accepted type: a file named .png that is not one is refused before the CLI sees it. */
const SIGNATURES: Record<ImageAttachment['mediaType'], (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MB = 1024 * 1024;

/**
 * Checks the images of a message before anything is sent (issue 26.2): at most ten, each real base64 of the type it
 * claims and at most 5 MB decoded. Answers 400 `message.image_invalid` or 413 `message.image_too_large`.
 */
export function checkImages(images: readonly ImageAttachment[] | undefined): void {
  if (!images?.length) return;
  if (images.length > MAX_IMAGES) throw new AppError('message.image_invalid', `A message takes at most ${MAX_IMAGES} images; this one has ${images.length}`);
  images.forEach((image, index) => {
    const label = `Image ${index + 1}`;
    if (image.data.length % 4 !== 0 || !BASE64.test(image.data)) throw new AppError('message.image_invalid', `${label} is not base64 data`);
    const bytes = Buffer.from(image.data, 'base64');
    if (bytes.length > MAX_IMAGE_BYTES) {
      throw new AppError('message.image_too_large', `${label} is ${(bytes.length / MB).toFixed(1)} MB; images may be at most ${MAX_IMAGE_BYTES / MB} MB`);
    }
    if (!SIGNATURES[image.mediaType](bytes)) throw new AppError('message.image_invalid', `${label} is not a ${image.mediaType.slice(6).toUpperCase()} image: only PNG, JPEG, GIF and WebP are accepted`);
  });
}
