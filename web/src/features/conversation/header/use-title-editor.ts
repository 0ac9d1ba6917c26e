import { CUSTOM_NAME_MAX } from '@cui/contract/constants';
import { useState } from 'react';

export interface TitleEditor {
  editing: boolean;
  value: string;
  start: () => void;
  change: (value: string) => void;
  /** Saves when the trimmed name is non-empty and differs; otherwise just cancels (spec §5). */
  commit: () => void;
  cancel: () => void;
}

/** Inline rename: Enter saves, Escape cancels, at most 200 characters. */
export function useTitleEditor(current: string, onSave: (name: string) => void): TitleEditor {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(current);
  return {
    editing,
    value,
    start: () => {
      setValue(current);
      setEditing(true);
    },
    change: (next) => setValue(next.slice(0, CUSTOM_NAME_MAX)),
    commit: () => {
      const name = value.trim();
      setEditing(false);
      if (name !== '' && name !== current) onSave(name);
    },
    cancel: () => setEditing(false),
  };
}
