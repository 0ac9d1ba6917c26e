import { CodeView } from '../code/CodeView';

/** An edit without diff data: its result text as highlighted code, else 'Edit completed successfully'. */
export function EditResultFallback({ text, language }: { text: string; language: string }) {
  if (text.trim() === '') return <p className="text-sm text-neutral-600 dark:text-neutral-400">Edit completed successfully</p>;
  return <CodeView code={text} language={language} />;
}
