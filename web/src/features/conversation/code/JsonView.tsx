import { CodeView } from './CodeView';

/** A value as pretty-printed, highlighted JSON (collapses like any code block). */
export function JsonView({ value }: { value: unknown }) {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return <CodeView code={text} language="json" />;
}
