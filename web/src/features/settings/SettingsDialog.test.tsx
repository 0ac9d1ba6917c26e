import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SECTIONS, type PublicConfig } from '@cui/contract';
import { AppProviders } from '@/app/providers';
import { stubConfigFetch, type ConfigApi } from '@/test-fixtures/config-fetch';
import { settingsTabs } from './registry';
import { SettingsButton } from './SettingsButton';
import { SettingsDialog, SHEET_QUERY } from './SettingsDialog';
import type { SettingsTab } from '@/features/config';

const CONFIG: PublicConfig = {
  interface: CONFIG_SECTIONS.interface.defaults,
  router: CONFIG_SECTIONS.router.defaults,
  gemini: CONFIG_SECTIONS.gemini.defaults,
  terminal: CONFIG_SECTIONS.terminal.defaults,
};

function fakeApi(overrides: Partial<ConfigApi> = {}): ConfigApi {
  return { load: vi.fn(async () => CONFIG), update: vi.fn(async () => CONFIG), ...overrides };
}

/** Makes SHEET_QUERY match (a phone) for the rest of the test. */
function asPhone(): void {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: query === SHEET_QUERY }));
}

function renderDialog(props: { api?: ConfigApi; tabs?: readonly SettingsTab[] } = {}) {
  const onOpenChange = vi.fn();
  stubConfigFetch(props.api ?? fakeApi());
  render(
    <AppProviders>
      <SettingsDialog open onOpenChange={onOpenChange} tabs={props.tabs} />
    </AppProviders>,
  );
  return { onOpenChange, dialog: screen.getByRole('dialog', { name: 'Settings' }) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SettingsButton', () => {
  it('opens the Settings dialog (its code loaded on the first opening) and closes and reopens it', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json(CONFIG)));
    const user = userEvent.setup();
    render(
      <AppProviders>
        <SettingsButton />
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });
});

describe('SettingsDialog', () => {
  it('shows only the built tabs, General first, and switches between them', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['General', 'Notifications', 'Data controls', 'Voice Input', 'Model Provider']);
    expect(within(dialog).getByRole('combobox', { name: 'Theme' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Data controls' }));
    expect(within(dialog).getByRole('button', { name: 'Archive All Sessions' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Theme' })).not.toBeInTheDocument();
  });

  it('is a centred dialog on a wide screen', () => {
    expect(renderDialog().dialog).toHaveAttribute('data-placement', 'center');
  });

  it("shows 'Failed to load preferences' when the config cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = renderDialog({ api: fakeApi({ load: () => Promise.reject(new Error('HTTP 500')) }) });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to load preferences');
  });

  it("shows 'Failed to update preferences' when saving a change fails, and clears it after a later success", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const update = vi.fn<ConfigApi['update']>().mockRejectedValueOnce(new Error('HTTP 500')).mockResolvedValue(CONFIG);
    const user = userEvent.setup();
    const { dialog } = renderDialog({ api: fakeApi({ update }) });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Theme' }), 'Dark');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update preferences');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Theme' }), 'Light');
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('renders every section a tab registers, in order', () => {
    const First = () => <p>first section</p>;
    const Second = () => <p>second section</p>;
    const tab: SettingsTab = { id: 'general', label: 'General', sections: [{ id: 'a', Component: First }, { id: 'b', Component: Second }] };
    const { dialog } = renderDialog({ tabs: [tab] });
    expect(within(dialog).getAllByText(/section$/).map((node) => node.textContent)).toEqual(['first section', 'second section']);
  });
});

describe('SettingsDialog as a bottom sheet (≤ 768 px)', () => {
  const drag = (handle: HTMLElement, distance: number) => {
    fireEvent.pointerDown(handle, { clientY: 500, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 500 + distance / 2, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 500 + distance, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 500 + distance, pointerId: 1 });
  };

  it('closes when its handle is dragged down more than 100 px', () => {
    asPhone();
    const { dialog, onOpenChange } = renderDialog();
    expect(dialog).toHaveAttribute('data-placement', 'sheet');
    drag(screen.getByTestId('sheet-handle'), 120);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open, back in place, after a drag of 100 px or less', () => {
    asPhone();
    const { dialog, onOpenChange } = renderDialog();
    const handle = screen.getByTestId('sheet-handle');
    fireEvent.pointerDown(handle, { clientY: 500, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 560, pointerId: 1 });
    expect(dialog.style.transform).toBe('translateY(60px)');
    fireEvent.pointerUp(handle, { clientY: 600, pointerId: 1 });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog.style.transform).toBe('');
  });
});

describe('settingsTabs', () => {
  it("orders registered tabs as the spec lists them, whatever the registration order", () => {
    const tab = (id: SettingsTab['id']): SettingsTab => ({ id, label: id, sections: [] });
    expect(settingsTabs([tab('provider'), tab('data'), tab('general'), tab('voice'), tab('notifications')]).map((t) => t.id)).toEqual([
      'general', 'notifications', 'data', 'voice', 'provider',
    ]);
  });
});
