import { z } from 'zod';
import { IMAGE_MEDIA_TYPES } from './image-limits';

export { IMAGE_BODY_LIMIT_BYTES, IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from './image-limits';

/** One image of a message, base64 without a `data:` prefix; the server checks its bytes against `mediaType`. */
export const ImageAttachment = z.strictObject({
  mediaType: z.enum(IMAGE_MEDIA_TYPES),
  data: z.string().min(1, 'an image must not be empty'),
});
export type ImageAttachment = z.infer<typeof ImageAttachment>;
export const ImageAttachments = z.array(ImageAttachment);
