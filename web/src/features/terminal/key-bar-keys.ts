/** The key bar's keys (phones lack them): what each sends to the shell. */
export const KEY_BAR_KEYS: ReadonlyArray<{ label: string; name: string; data: string }> = [
  { label: 'Esc', name: 'Escape', data: '\x1b' },
  { label: 'Tab', name: 'Tab', data: '\t' },
  { label: '^C', name: 'Ctrl+C', data: '\x03' },
  { label: '←', name: 'Left', data: '\x1b[D' },
  { label: '↑', name: 'Up', data: '\x1b[A' },
  { label: '↓', name: 'Down', data: '\x1b[B' },
  { label: '→', name: 'Right', data: '\x1b[C' },
  { label: '|', name: 'Pipe', data: '|' },
  { label: '/', name: 'Slash', data: '/' },
  { label: '~', name: 'Tilde', data: '~' },
];

/** A key typed with the sticky Ctrl: a letter or one of @[\]^_ becomes its control character; anything else is unchanged. */
export function withCtrl(data: string): string {
  if (data.length !== 1) return data;
  const code = data.toUpperCase().charCodeAt(0);
  return code >= 64 && code <= 95 ? String.fromCharCode(code - 64) : data;
}
