import { Search } from 'lucide-react';
import type { RefObject } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { Input } from '@/ui';
import { useSearchShortcut } from './use-search-shortcut';

/** A touch screen, or a phone's width (spec §9's sheet breakpoint is 768 px; a phone is under 640). */
const KEYBOARDLESS_QUERY = '(pointer: coarse), (max-width: 640px)';

/** The home screen's search field (`/` or Ctrl/Cmd+K focuses it; Escape clears it). */
export function SearchField({ value, onChange, inputRef }: { value: string; onChange: (value: string) => void; inputRef: RefObject<HTMLInputElement | null> }) {
  useSearchShortcut(inputRef);
  // A phone or tablet has neither key: the placeholder names them only where there is a keyboard to press them.
  const keyboardless = useMediaQuery(KEYBOARDLESS_QUERY);
  return (
    <div className="relative">
      <Search size={14} aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-neutral-400" />
      <Input
        ref={inputRef}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
        placeholder={keyboardless ? 'Search all conversations' : 'Search all conversations  ( / or Ctrl+K )'}
        aria-label="Search conversations"
        aria-controls="search-results"
        className="w-full pl-8"
      />
    </div>
  );
}
