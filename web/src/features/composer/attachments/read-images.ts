import type { ImageAttachment } from '@cui/contract';

/** The files as the start and message requests carry them: base64 without the `data:` prefix. */
export async function readImages(files: readonly File[]): Promise<ImageAttachment[]> {
  return Promise.all(
    files.map(async (file) => {
      const url = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
        reader.readAsDataURL(file);
      });
      return { mediaType: file.type as ImageAttachment['mediaType'], data: url.slice(url.indexOf(',') + 1) };
    }),
  );
}
