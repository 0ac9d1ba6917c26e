import { DEFAULT_SESSION_INFO, type SessionInfo } from '@cui/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../fixtures/fake-api';
import { renderConversationPage } from '../fixtures/conversation-page';
import { summaryFixture } from '../fixtures/summary';
import { stubListViewport } from '../fixtures/viewport';

const SID = 'f5e5690f-09dc-4067-859b-1172c39a0d71';

/** A server that keeps the session's info and answers PUT …/update with it, as the real one does. */
function api(initial: Partial<SessionInfo>, failUpdate = false) {
  let info: SessionInfo = { ...DEFAULT_SESSION_INFO, ...initial };
  return installFakeApi({
    [`GET /api/conversations/${SID}`]: () => json({ messages: [], summary: 'fix the file', projectPath: '/tmp/example/repo', metadata: {} }),
    'GET /api/conversations': () => json({ conversations: [summaryFixture({ sessionInfo: info })], total: 1 }),
    [`PUT /api/conversations/${SID}/update`]: ({ body }) => {
      if (failUpdate) return json({ error: 'Database is locked', code: 'internal' }, 500);
      info = { ...info, ...(body as Partial<SessionInfo>) };
      return json({ success: true, sessionId: SID, sessionInfo: info });
    },
  });
}

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'More' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('conversation header: Notify me / Mute', () => {
  stubListViewport();

  it('offers Mute for a notified session, stores notify: false and then offers Notify me', async () => {
    const { calls } = api({ notify: true });
    renderConversationPage(SID);
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ notify: false });
    await openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Notify me' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mute' })).not.toBeInTheDocument();
  });

  it('offers Notify me for a muted session and turns notifications back on', async () => {
    const { calls } = api({ notify: false });
    renderConversationPage(SID);
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Notify me' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ notify: true }));
    await openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Mute' })).toBeInTheDocument();
  });

  it('keeps the stored state when the update fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = api({ notify: true }, true);
    renderConversationPage(SID);
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    await openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Mute' })).toBeInTheDocument();
  });
});
