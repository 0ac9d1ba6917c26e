import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allRoutes } from '@cui/contract';
import { FORM_ROUTES, STREAM_ROUTES } from './inspector-routes';
import { RouteForm } from './RouteForm';
import { StreamViewer } from './StreamViewer';

const SESSION_ID = '0f5b2a4e-1111-4222-8333-444455556666';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Route' }), name);
}

describe('RouteForm', () => {
  it('reaches every route of the table, through the form or the stream viewer', () => {
    render(
      <>
        <RouteForm routes={FORM_ROUTES} />
        <StreamViewer routes={STREAM_ROUTES} />
      </>,
    );
    const offered = screen.getAllByRole('option').map((option) => option.getAttribute('value'));
    for (const route of allRoutes) expect(offered).toContain(route.name);
  });

  it("says 'Session ID is required' and sends nothing when the update has no session id", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(Response.json({}));
    render(<RouteForm routes={FORM_ROUTES} />);
    await pick(user, 'updateConversation');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Session ID is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the fields that were set and shows the answer as JSON', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(Response.json({ success: true, sessionId: SESSION_ID }));
    render(<RouteForm routes={FORM_ROUTES} />);
    await pick(user, 'updateConversation');
    await user.type(screen.getByLabelText('Session ID *'), SESSION_ID);
    await user.selectOptions(screen.getByLabelText('Pinned'), 'true');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const result = await screen.findByRole('region', { name: 'updateConversation result' });
    expect(within(result).getByText(`"${SESSION_ID}"`)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/conversations/${SESSION_ID}/update`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ pinned: true });
  });

  it("shows the server's error message in the error field", async () => {
    const user = userEvent.setup();
    stubFetch(Response.json({ error: 'Conversation not found', code: 'session.not_found' }, { status: 404 }));
    render(<RouteForm routes={FORM_ROUTES} />);
    await pick(user, 'getConversation');
    await user.type(screen.getByLabelText('Session ID *'), SESSION_ID);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Conversation not found');
  });

  it("sends raw JSON as typed, and says 'Invalid JSON' for text that is not", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(Response.json({ logs: [] }));
    render(<RouteForm routes={FORM_ROUTES} />);
    await pick(user, 'recentLogs');
    await user.click(screen.getByRole('button', { name: 'Raw JSON' }));
    const editor = screen.getByRole('textbox', { name: 'Raw JSON request' });
    await user.clear(editor);
    await user.type(editor, '{{');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid JSON');
    await user.clear(editor);
    await user.type(editor, '{{"query":{{"limit":5}}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region', { name: 'recentLogs result' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/logs/recent?limit=5');
  });
});
