import type { UploadSpec } from '@cui/contract';

export interface UploadInputsProps {
  upload: UploadSpec;
  onPick: (part: string, file: File | undefined) => void;
}

/** File pickers of an upload route's multipart variant, one per file part, limited to its media types. */
export function UploadInputs({ upload, onPick }: UploadInputsProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-md border border-neutral-200 p-2 dark:border-neutral-700">
      <legend className="px-1 text-xs text-neutral-500 dark:text-neutral-400">files (multipart)</legend>
      {Object.entries(upload.files).map(([part, spec]) => (
        <label key={part} className="flex min-w-0 flex-col gap-1 text-xs font-medium text-neutral-700 dark:text-neutral-300">
          {`${part}${spec.required ? ' *' : ''}`}
          <input type="file" className="max-w-full text-sm" accept={spec.mimeTypes?.join(',')} onChange={(event) => onPick(part, event.target.files?.[0])} />
        </label>
      ))}
    </fieldset>
  );
}
