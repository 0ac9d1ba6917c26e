import { useCallback, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { ComposerSubmitHandler } from '../use-composer';

/** The images waiting to go with the composer's next message: pasted, dropped or picked (camera or gallery). */
export interface ImageFiles {
  files: File[];
  /** Why the last file offered was left out; cleared by the next change. */
  error: string | undefined;
  add(incoming: readonly File[]): void;
  remove(index: number): void;
  /** Handlers for the composer's box: a pasted or dropped image joins the message. */
  dropTarget: { onPaste(event: ClipboardEvent): void; onDrop(event: DragEvent): void; onDragOver(event: DragEvent): void };
  /** `submit` with the images read into the submission; they are cleared once it is accepted. */
  submitWith(submit: ComposerSubmitHandler): ComposerSubmitHandler;
}

export function useImageFiles(): ImageFiles {
  const [state, setState] = useState<{ files: File[]; error?: string }>({ files: [] });
  // The checks load with the first image offered: the composer's first paint stays as it was (bench/page-weight.ts).
  const add = useCallback((incoming: readonly File[]) => {
    void import('./image-files').then(({ acceptImages }) => setState((current) => acceptImages(current.files, incoming)));
  }, []);
  const remove = useCallback((index: number) => setState((current) => ({ files: current.files.filter((_file, at) => at !== index) })), []);
  const offered = useCallback(
    (data: DataTransfer | null, event: { preventDefault(): void }) => {
      const files = data ? [...data.files].filter((file) => file.type.startsWith('image/')) : [];
      if (files.length === 0) return;
      event.preventDefault(); // the image, not its file name, joins the message
      add(files);
    },
    [add],
  );
  const { files } = state;
  const submitWith = useCallback(
    (submit: ComposerSubmitHandler): ComposerSubmitHandler =>
      async (submission) => {
        if (files.length === 0) return submit(submission);
        // Loaded on the first send with images: the composer's first paint stays as it was.
        const { readImages } = await import('./read-images');
        const accepted = await submit({ ...submission, images: await readImages(files) });
        if (accepted) setState({ files: [] });
        return accepted;
      },
    [files],
  );
  return {
    files,
    error: state.error,
    add,
    remove,
    dropTarget: {
      onPaste: (event) => offered(event.clipboardData, event),
      onDrop: (event) => offered(event.dataTransfer, event),
      onDragOver: (event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      },
    },
    submitWith,
  };
}
