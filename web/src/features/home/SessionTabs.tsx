import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui';
import { SessionSearch } from './search/SessionSearch';
import { SessionList } from './SessionList';
import { type SessionTab, TAB_QUERIES } from './session-list-state';

const TABS: ReadonlyArray<{ value: SessionTab; label: string }> = [
  { value: 'tasks', label: 'Tasks' },
  { value: 'history', label: 'History' },
  { value: 'archive', label: 'Archive' },
];

function isTab(value: string): value is SessionTab {
  return TABS.some((tab) => tab.value === value);
}

/**
 * Tasks / History / Archive; only the active tab's list is mounted, so switching tabs reloads it. The search field
 * above the list searches the active tab's sessions (issue 17).
 */
export function SessionTabs() {
  const [tab, setTab] = useState<SessionTab>('tasks');
  const [search, setSearch] = useState('');
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
          {tab === value && (
            <SessionSearch text={search} onText={setSearch} filters={TAB_QUERIES[value]}>
              <SessionList tab={value} />
            </SessionSearch>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
