const SCALAR_CLASSES = {
  string: 'text-green-700 dark:text-green-400',
  number: 'text-blue-700 dark:text-blue-300',
  boolean: 'text-purple-700 dark:text-purple-300',
  null: 'text-neutral-500 dark:text-neutral-400',
} as const;

function Scalar({ value }: { value: unknown }) {
  const kind = value === null ? 'null' : typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean';
  return <span className={SCALAR_CLASSES[kind]}>{JSON.stringify(value) ?? String(value)}</span>;
}

export interface JsonNodeProps {
  name?: string;
  value: unknown;
  /** Depth from the root: the first two levels start open. */
  depth: number;
}

/** One value of the JSON tree: objects and arrays are collapsible (native details/summary), scalars are coloured. */
export function JsonNode({ name, value, depth }: JsonNodeProps) {
  const key = name === undefined ? null : <span className="text-neutral-700 dark:text-neutral-300">{JSON.stringify(name)}: </span>;
  if (typeof value !== 'object' || value === null) {
    return (
      <div className="break-all">
        {key}
        <Scalar value={value} />
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return <div>{key}{`${open}${close}`}</div>;
  return (
    <details open={depth < 2} className="group">
      <summary className="cursor-pointer select-none hover:bg-neutral-100 dark:hover:bg-neutral-800">
        {key}
        {open}
        <span className="text-neutral-500 group-open:hidden dark:text-neutral-400">{` ${entries.length} ${entries.length === 1 ? 'item' : 'items'} ${close}`}</span>
      </summary>
      <div className="border-l border-neutral-200 pl-4 dark:border-neutral-700">
        {entries.map(([childName, child]) => (
          <JsonNode key={childName} name={Array.isArray(value) ? undefined : childName} value={child} depth={depth + 1} />
        ))}
      </div>
      <div className="hidden group-open:block">{close}</div>
    </details>
  );
}
