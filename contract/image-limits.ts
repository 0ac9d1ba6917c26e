/* Zod-free, so the composer's first load can read the limits (`@cui/contract/image-limits`). */

/** What a message may carry as images (issue 26.2): the types the Messages API takes, as the CLI sends them. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Largest image, decoded (413 `message.image_too_large` beyond). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Most images one message carries (400 `message.image_invalid` beyond). */
export const MAX_IMAGES = 10;
/**
 * The JSON body limit of the routes that take images: ten base64 images (4/3 of their bytes) and room for the rest;
 * every other route keeps the server's default.
 */
export const IMAGE_BODY_LIMIT_BYTES = MAX_IMAGES * Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024 * 1024;
