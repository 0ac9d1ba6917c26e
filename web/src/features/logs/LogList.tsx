import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { LogLine } from './log-buffer';
import { LogRow } from './LogRow';

const ESTIMATED_ROW_PX = 22;
/** Within this distance of the bottom the list follows new entries. */
const STICK_TO_BOTTOM_PX = 40;

/** Virtualised list of log lines that keeps following the newest entry while scrolled to the bottom. */
export function LogList({ lines }: { lines: LogLine[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // No React Compiler in this build, so the library's unmemoisable functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => lines[index]?.id ?? index,
    overscan: 10,
  });

  useEffect(() => {
    if (atBottom.current && lines.length > 0) virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  }, [lines, virtualizer]);

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label="Log entries"
      // A busy server would make a live region unusable for screen readers.
      aria-live="off"
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
      }}
      className="h-full overflow-auto font-mono text-xs leading-5"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index];
          if (!line) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <LogRow raw={line.raw} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
