import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from '@cui/contract/image-limits';

const MB = 1024 * 1024;

/**
 * What of `incoming` may join `current` (issue 26.2): PNG, JPEG, GIF or WebP, each ≤ 5 MB, ten at most. `error` says
 * why a file was left out, as the composer shows it.
 */
export function acceptImages(current: readonly File[], incoming: readonly File[]): { files: File[]; error?: string } {
  const files = [...current];
  let error: string | undefined;
  for (const file of incoming) {
    const name = file.name || 'The pasted image';
    if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type)) error = `${name} is not a PNG, JPEG, GIF or WebP image`;
    else if (file.size > MAX_IMAGE_BYTES) error = `${name} is ${(file.size / MB).toFixed(1)} MB; images may be at most ${MAX_IMAGE_BYTES / MB} MB`;
    else if (files.length >= MAX_IMAGES) error = `A message takes at most ${MAX_IMAGES} images`;
    else files.push(file);
  }
  return error ? { files, error } : { files };
}
