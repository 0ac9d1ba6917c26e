import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MISSING_AUDIO_MESSAGE } from '@cui/contract';
import { LEFT_SECTIONS, RIGHT_SECTIONS } from './inspector-sections';
import { RouteForm } from './RouteForm';
import { Section } from './Section';

function section(title: string) {
  const found = [...LEFT_SECTIONS, ...RIGHT_SECTIONS].find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no section ${title}`);
  return found;
}

function renderSection(title: string) {
  const { routes, defaults, longText, requiredMessages, invalidJsonMessages } = section(title);
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  render(<RouteForm routes={routes} defaults={defaults} longText={longText} requiredMessages={requiredMessages} invalidJsonMessages={invalidJsonMessages} />);
  const sent = () => {
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    return { url, method: init?.method, body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown) };
  };
  return { sent, user: userEvent.setup() };
}

/** Calls the section made (the fetch stub of the last render). */
const fetchCalls = () => vi.mocked(fetch).mock.calls.length;

afterEach(() => vi.unstubAllGlobals());

describe('inspector sections', () => {
  it("lists the spec's left-panel sections in order, ending with 'All routes'", () => {
    expect(LEFT_SECTIONS.map((entry) => entry.title)).toEqual([
      'System status', 'Config', 'Working directories', 'Commands', 'Start conversation', 'Stop conversation', 'List conversations',
      'Update session', 'List permissions', 'Permission decision', 'List directory', 'Read file', 'Bulk operations', 'Voice provider health', 'Transcribe', 'Summarize',
      'Notifications', 'Worktrees', 'Search conversations', 'Schedules', 'All routes',
    ]);
  });

  it('starts collapsed: the form mounts only once the section is opened', async () => {
    const user = userEvent.setup();
    render(
      <Section title="Start conversation">
        <RouteForm routes={section('Start conversation').routes} />
      </Section>,
    );
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start conversation' }));
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it("start conversation defaults to '/tmp' and 'Hello' and leaves unset options (model, 'Default' mode) out", async () => {
    const { sent, user } = renderSection('Start conversation');
    expect(screen.getByLabelText('Working directory *')).toHaveProperty('value', '/tmp');
    expect(screen.getByLabelText('Initial prompt *')).toHaveProperty('value', 'Hello');
    expect(screen.getByLabelText('Permission mode')).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent()).toEqual({ url: '/api/conversations/start', method: 'POST', body: { workingDirectory: '/tmp', initialPrompt: 'Hello' } });
  });

  it('start conversation sends the model and permission mode once chosen', async () => {
    const { sent, user } = renderSection('Start conversation');
    await user.type(screen.getByLabelText('Model'), 'opus');
    await user.selectOptions(screen.getByLabelText('Permission mode'), 'plan');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent().body).toEqual({ workingDirectory: '/tmp', initialPrompt: 'Hello', model: 'opus', permissionMode: 'plan' });
  });

  it('search conversations sends the text with 20 per page by default', async () => {
    const { sent, user } = renderSection('Search conversations');
    await user.type(screen.getByLabelText('Q *'), 'parser_utils');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent().url).toBe('/api/search?q=parser_utils&limit=20');
  });

  it('list conversations asks for 20 from offset 0 by default', async () => {
    const { sent, user } = renderSection('List conversations');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent().url).toBe('/api/conversations?limit=20&offset=0');
  });

  it('update session sends the notify flag, and no permission mode while it is left at Default (keep current)', async () => {
    const { sent, user } = renderSection('Update session');
    await user.type(screen.getByLabelText('Session ID *'), '0f5b2a4e-1111-4222-8333-444455556666');
    await user.selectOptions(screen.getByLabelText('Notify'), 'false');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent().body).toEqual({ notify: false });
  });

  it("permission decision says 'Request ID is required' and sends a deny reason only when typed", async () => {
    const { sent, user } = renderSection('Permission decision');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Request ID is required');
    await user.type(screen.getByLabelText('Request ID *'), 'perm-1');
    await user.selectOptions(screen.getByLabelText('Action *'), 'deny');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent()).toEqual({ url: '/api/permissions/perm-1/decision', method: 'POST', body: { action: 'deny' } });
  });

  it("permission decision says 'Invalid JSON body' (spec §5) for a modified input that is not JSON, and sends nothing", async () => {
    const { user } = renderSection('Permission decision');
    await user.type(screen.getByLabelText('Request ID *'), 'perm-1');
    await user.selectOptions(screen.getByLabelText('Action *'), 'approve');
    await user.type(screen.getByLabelText('Modified input'), '{{"a": 1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid JSON body');
    expect(fetchCalls()).toBe(0);
  });

  it.each(['List directory', 'Read file'])("%s says 'Path is required'", async (title) => {
    const { user } = renderSection(title);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Path is required');
  });

  it("summarize says 'Please provide text to summarize', takes the text in a textarea with a character count, and sends it", async () => {
    const { sent, user } = renderSection('Summarize');
    expect(screen.getByText('0 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Please provide text to summarize');
    await user.type(screen.getByLabelText('Text *'), 'A dictated note');
    expect(screen.getByLabelText('Text *').tagName).toBe('TEXTAREA');
    expect(screen.getByText('15 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent()).toEqual({ url: '/api/gemini/summarize', method: 'POST', body: { text: 'A dictated note' } });
  });

  it('transcribe sends base64 audio as audio/webm by default', async () => {
    const { sent, user } = renderSection('Transcribe');
    await user.type(screen.getByLabelText('Audio'), 'GkXfow==');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent()).toEqual({ url: '/api/gemini/transcribe', method: 'POST', body: { audio: 'GkXfow==', mimeType: 'audio/webm' } });
  });

  it("transcribe without a file or base64 audio asks for one ('Please provide an audio file or base64 data') and sends nothing", async () => {
    const { user } = renderSection('Transcribe');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe(MISSING_AUDIO_MESSAGE);
    expect(fetchCalls()).toBe(0);
  });

  it('voice provider health sends GET /api/gemini/health', async () => {
    const { sent, user } = renderSection('Voice provider health');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('region');
    expect(sent()).toEqual({ url: '/api/gemini/health', method: 'GET', body: undefined });
  });
});
