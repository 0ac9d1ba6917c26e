import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui';
import { SessionList } from './SessionList';
import type { SessionTab } from './session-list-state';

const TABS: ReadonlyArray<{ value: SessionTab; label: string }> = [
  { value: 'tasks', label: 'Tasks' },
  { value: 'history', label: 'History' },
  { value: 'archive', label: 'Archive' },
];

function isTab(value: string): value is SessionTab {
  return TABS.some((tab) => tab.value === value);
}

/** Tasks / History / Archive; only the active tab's list is mounted, so switching tabs reloads it. */
export function SessionTabs() {
  const [tab, setTab] = useState<SessionTab>('tasks');
  return (
    <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
      <TabsList aria-label="Session lists">
        {TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map(({ value }) => (
        <TabsContent key={value} value={value}>
          {tab === value && <SessionList tab={value} />}
        </TabsContent>
      ))}
    </Tabs>
  );
}
