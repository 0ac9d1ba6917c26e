import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { SystemStatus } from '@cui/contract';
import { AppProviders } from '@/app/providers';
import { stubConfigFetch, type ConfigApi } from '@/test-fixtures/config-fetch';
import { SettingsDialog } from '@/features/settings';

const STATUS: SystemStatus = { claudeVersion: '2.1.330', claudePath: '/x/claude', configPath: '/x/config.json', activeConversations: 0, machineId: 'm', demoMode: false, homeDirectory: '/home/ann', router: { state: 'off' }, claudeAuth: { method: 'api-key', source: 'ANTHROPIC_API_KEY' } };

/** Tests only: the Settings dialog on its Model Provider tab, the config served by `api`, the status with `router`. */
export async function openModelProviderTab(api: ConfigApi, router: SystemStatus['router'] = { state: 'off' }) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => Response.json({ ...STATUS, router })));
  stubConfigFetch(api);
  const user = userEvent.setup();
  render(
    <AppProviders>
      <SettingsDialog open onOpenChange={() => undefined} />
    </AppProviders>,
  );
  await user.click(screen.getByRole('tab', { name: 'Model Provider' }));
  await screen.findByRole('combobox', { name: 'Active Provider' });
  return user;
}
