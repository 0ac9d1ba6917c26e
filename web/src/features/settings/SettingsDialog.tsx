import { useCallback } from 'react';
import { Dialog, DialogContent, Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui';
import { ConfigProvider, useConfigResource } from '@/features/config';
import { settingsTabs } from './registry';
import type { SettingsTab } from '@/features/config';
import { useMediaQuery } from './use-media-query';
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

function SettingsTabs({ tabs }: { tabs: readonly SettingsTab[] }) {
  return (
    <Tabs defaultValue={tabs[0]?.id} className="flex min-h-0 flex-col">
      <TabsList className="overflow-x-auto">
        {tabs.map((tab) => (
          // A scrolling strip of one-line labels: on a phone 'Data controls' and 'Voice Input' wrapped to two lines.
          <TabsTrigger key={tab.id} value={tab.id} className="shrink-0 whitespace-nowrap">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.id} value={tab.id} className="flex min-h-0 flex-col gap-5 overflow-y-auto">
          {tab.sections.map(({ id, Component }) => (
            <section key={id} data-section={id}>
              <Component />
            </section>
          ))}
        </TabsContent>
      ))}
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
