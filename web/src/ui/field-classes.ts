/** Shared look of text fields (Input, Textarea); size (height, padding, text) is each field's own. */
export const FIELD_CLASSES =
  'w-full rounded-md border border-neutral-300 bg-white text-neutral-900 placeholder:text-neutral-400 ' +
  'focus-visible:border-blue-500 focus-visible:outline-2 focus-visible:outline-blue-500/40 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500';
