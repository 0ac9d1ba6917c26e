import { type FormEvent, useState } from 'react';
import { Button, Input } from '@/ui';
import { KEY_BAR_KEYS } from './key-bar-keys';

/**
 * Phone keys the soft keyboard lacks (Esc, Tab, a sticky Ctrl, arrows, `| / ~`) and a line field that sends a whole
 * line with Enter: typing in the field never focuses the terminal, so the keyboard pops only when the user asks.
 */
export function KeyBar({ ctrl, onCtrl, onSend }: { ctrl: boolean; onCtrl: (on: boolean) => void; onSend: (data: string) => void }) {
  const [line, setLine] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(`${line}\r`);
    setLine('');
  };
  return (
    <div className="flex flex-col gap-1 sm:hidden">
      <div className="flex flex-wrap gap-1" role="toolbar" aria-label="Terminal keys">
        <Button size="sm" variant={ctrl ? 'primary' : 'secondary'} aria-pressed={ctrl} onClick={() => onCtrl(!ctrl)}>
          Ctrl
        </Button>
        {KEY_BAR_KEYS.map((key) => (
          <Button key={key.name} size="sm" variant="secondary" aria-label={key.name} onClick={() => onSend(key.data)}>
            {key.label}
          </Button>
        ))}
      </div>
      <form className="flex gap-1" onSubmit={submit}>
        <Input value={line} onChange={(event) => setLine(event.target.value)} placeholder="Type a line, Enter sends it" aria-label="Line to send" autoCapitalize="off" autoCorrect="off" spellCheck={false} />
        <Button type="submit" size="sm">
          Send
        </Button>
      </form>
    </div>
  );
}
