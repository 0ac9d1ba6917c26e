import { useCallback } from 'react';
import { ChevronDown } from 'lucide-react';
import { Dialog, DialogContent, Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui';
import { ConfigProvider, useConfigResource } from '@/features/config';
import { settingsTabs } from './registry';
import type { SettingsTab } from '@/features/config';
import { useMediaQuery } from '@/lib/use-media-query';
import { useScrollHint } from './use-scroll-hint';
import { useSheetDrag } from './use-sheet-drag';

/** Spec §9: at this width or less the dialog is a bottom sheet. */
export const SHEET_QUERY = '(max-width: 768px)';

export type SettingsDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The registry's tabs when absent. */
  tabs?: readonly SettingsTab[];
};

/** 'Failed to load preferences' / 'Failed to update preferences' for every tab (spec §8). */
function PreferencesError() {
  const { error } = useConfigResource();
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
      {error}
    </p>
  );
}

/** A fade with a chevron over the panel's foot while more of the tab lies below (it scrolls). */
function ScrollHint() {
  return (
    <div
      data-testid="scroll-hint"
      aria-hidden
      className="pointer-events-none absolute inset-x-0 bottom-0 flex h-10 items-end justify-center bg-linear-to-t from-white to-transparent pb-1 text-neutral-500 dark:from-neutral-900 dark:text-neutral-400"
    >
      <ChevronDown size={16} />
    </div>
  );
}

function SettingsTabs({ tabs }: { tabs: readonly SettingsTab[] }) {
  const { attach, more, toTop } = useScrollHint();
  return (
    <Tabs defaultValue={tabs[0]?.id} className="flex min-h-0 flex-1 flex-col" onValueChange={toTop}>
      {/* Every label whole: one row on a desktop, wrapped on a phone (a scrolling strip hid 'Model Provider' behind 'Mod'). */}
      <TabsList className="flex-wrap">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.id} value={tab.id} className="whitespace-nowrap">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <div className="relative min-h-0 flex-1">
        {/* One scroller for every tab (the shown tab's content changes inside it), so the hint follows it throughout. */}
        <div ref={attach} data-testid="settings-scroller" className="h-full overflow-y-auto">
          {tabs.map((tab) => (
            <TabsContent key={tab.id} value={tab.id} className="flex flex-col gap-5">
              {tab.sections.map(({ id, Component }) => (
                <section key={id} data-section={id}>
                  <Component />
                </section>
              ))}
            </TabsContent>
          ))}
        </div>
        {more && <ScrollHint />}
      </div>
    </Tabs>
  );
}

/**
 * The Settings dialog (spec §2): a centred modal, or at ≤ 768 px a bottom sheet that closes when its handle is
 * dragged down more than 100 px. Its tabs share one config resource, loaded each time the dialog opens.
 */
export function SettingsDialog({ open, onOpenChange, tabs }: SettingsDialogProps) {
  const sheet = useMediaQuery(SHEET_QUERY);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const drag = useSheetDrag(close);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Settings"
        placement={sheet ? 'sheet' : 'center'}
        width="wide"
        // One height for every tab, so switching tabs never moves the dialog; a longer tab scrolls inside it.
        className={sheet ? 'h-[85vh]' : 'h-[min(85vh,40rem)]'}
        data-placement={sheet ? 'sheet' : 'center'}
        style={drag.offset > 0 ? { transform: `translateY(${drag.offset}px)` } : undefined}
        top={
          sheet && (
            <div data-testid="sheet-handle" className="-mx-5 -mb-2 flex h-6 cursor-grab touch-none items-center justify-center" {...drag.handlers}>
              <span aria-hidden className="h-1.5 w-10 rounded-full bg-neutral-300 dark:bg-neutral-700" />
            </div>
          )
        }
      >
        <ConfigProvider>
          <PreferencesError />
          <SettingsTabs tabs={tabs ?? settingsTabs()} />
        </ConfigProvider>
      </DialogContent>
    </Dialog>
  );
}
