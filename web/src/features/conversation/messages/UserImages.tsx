import type { ContentBlock } from '@cui/contract';

/** The message's images (the CLI's base64 image blocks) as data URLs. */
export function imagesOf(blocks: ContentBlock[]): string[] {
  return blocks.flatMap((block) => {
    const source = block.type === 'image' ? (block as { source?: { type?: string; media_type?: string; data?: string } }).source : undefined;
    return source?.type === 'base64' && source.media_type?.startsWith('image/') && source.data ? [`data:${source.media_type};base64,${source.data}`] : [];
  });
}

/** The images of a user's message, above its text. */
export function UserImages({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <span className="mb-1.5 flex flex-wrap gap-1.5">
      {imagesOf(blocks).map((src, index) => (
        <img key={index} src={src} alt={`Image ${index + 1}`} className="max-h-40 max-w-full rounded-lg object-contain" />
      ))}
    </span>
  );
}
