import type { FolderTrust, PermissionRule, TranscriptRetention, TrustedFolder } from '@cui/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FolderTrustNotice } from './FolderTrustNotice';
import { PermissionRules } from './PermissionRules';
import { RetentionInfo } from './RetentionInfo';
import { TrustedFolders } from './TrustedFolders';

type Handler = (url: URL, body: unknown) => { status?: number; body: unknown };

/** Routes fetch by "METHOD /path"; records every call. */
function stubApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://cui.test');
      const method = (init.method ?? 'GET').toUpperCase();
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const handler = routes[`${method} ${url.pathname}`];
      const answer = handler ? handler(url, body) : { status: 404, body: { error: 'Not found', code: 'route.not_found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const untrusted = {
  path: '/work/repo',
  trusted: false,
  trustedBy: null,
  hasSettings: true,
  settings: { hooks: ['touch /tmp/pwned'], mcpServers: ['exfil'], allowRules: ['Bash(curl:*)'] },
} satisfies FolderTrust;
const consoleEntry = { path: '/work/repo', source: 'console', trustedAt: '2026-11-22T10:00:00.000Z' } satisfies TrustedFolder;
const cliEntry = { path: '/home/me/cli-trusted', source: 'cli', trustedAt: null } satisfies TrustedFolder;

describe('FolderTrustNotice', () => {
  it('shows what the settings of an untrusted folder would enable, and trusts it on request', async () => {
    const calls = stubApi({ 'GET /api/trust/check': () => ({ body: untrusted }), 'PUT /api/trust/folders': () => ({ body: consoleEntry }) });
    render(<FolderTrustNotice folder="/work/repo" />);
    const notice = await screen.findByRole('region', { name: 'Folder settings not loaded' });
    expect(notice).toHaveTextContent('not trusted');
    expect(notice).toHaveTextContent('Hook commands: touch /tmp/pwned');
    expect(notice).toHaveTextContent('MCP servers: exfil');
    expect(notice).toHaveTextContent('Allow rules: Bash(curl:*)');
    expect(calls[0]?.url.searchParams.get('path')).toBe('/work/repo');
    await userEvent.click(within(notice).getByRole('button', { name: 'Trust this folder' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Folder trusted: its settings load from the next run on.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ path: '/work/repo' });
    expect(screen.queryByRole('region', { name: 'Folder settings not loaded' })).not.toBeInTheDocument();
  });

  it('shows the error when trusting fails, and keeps the action', async () => {
    stubApi({ 'GET /api/trust/check': () => ({ body: untrusted }), 'PUT /api/trust/folders': () => ({ status: 404, body: { error: 'Folder not found: /work/repo', code: 'fs.not_found' } }) });
    render(<FolderTrustNotice folder="/work/repo" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Trust this folder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Folder not found: /work/repo');
    expect(screen.getByRole('button', { name: 'Trust this folder' })).toBeEnabled();
  });

  it('shows nothing for a trusted folder, a folder without settings, or no folder', async () => {
    const answers: FolderTrust[] = [
      { ...untrusted, trusted: true, trustedBy: consoleEntry },
      { ...untrusted, hasSettings: false, settings: { hooks: [], mcpServers: [], allowRules: [] } },
    ];
    for (const answer of answers) {
      const calls = stubApi({ 'GET /api/trust/check': () => ({ body: answer }) });
      const { container, unmount } = render(<FolderTrustNotice folder="/work/repo" />);
      await waitFor(() => expect(calls).toHaveLength(1));
      await act(async () => {}); // lets the answer land (setState after response.json())
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
    const calls = stubApi({});
    const { container } = render(<FolderTrustNotice folder={undefined} />);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toHaveLength(0);
  });
});

describe('TrustedFolders', () => {
  it("lists the console's and the CLI's trusted folders and revokes only the console's", async () => {
    let folders: TrustedFolder[] = [consoleEntry, cliEntry];
    const calls = stubApi({
      'GET /api/trust/folders': () => ({ body: { folders } }),
      'DELETE /api/trust/folders': (url) => {
        folders = folders.filter((f) => f.path !== url.searchParams.get('path'));
        return { body: { success: true } };
      },
    });
    render(<TrustedFolders />);
    const list = await screen.findByRole('list', { name: 'Trusted folders' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['/work/repoRevoke', '/home/me/cli-trustedtrusted in Claude Code']);
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke trust of /work/repo' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'DELETE')?.url.searchParams.get('path')).toBe('/work/repo');
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('says when no folder is trusted, and shows a failed load', async () => {
    stubApi({ 'GET /api/trust/folders': () => ({ body: { folders: [] } }) });
    const { unmount } = render(<TrustedFolders />);
    expect(await screen.findByText('No trusted folders.')).toBeInTheDocument();
    unmount();
    stubApi({});
    render(<TrustedFolders />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });
});

describe('RetentionInfo', () => {
  it('says transcripts are kept when the user set no retention, and names the settings file', async () => {
    stubApi({ 'GET /api/retention': () => ({ body: { configuredDays: null, settingsPath: '/home/me/.claude/settings.json' } satisfies TranscriptRetention }) });
    render(<RetentionInfo />);
    expect(await screen.findByText(/Transcripts are kept/)).toBeInTheDocument();
    expect(screen.getByText('/home/me/.claude/settings.json')).toBeInTheDocument();
  });

  it("shows the user's own retention", async () => {
    stubApi({ 'GET /api/retention': () => ({ body: { configuredDays: 7, settingsPath: '/s.json' } satisfies TranscriptRetention }) });
    render(<RetentionInfo />);
    expect(await screen.findByText('Transcripts older than 7 days are deleted by Claude Code (your setting).')).toBeInTheDocument();
  });
});

describe('PermissionRules', () => {
  const userRule: PermissionRule = { scope: 'user', behavior: 'deny', rule: 'Bash(rm -rf:*)', file: '/home/me/.claude/settings.json' };
  const localRule = (folder: string): PermissionRule => ({ scope: 'local', behavior: 'allow', rule: 'Bash(npm test *)', file: `${folder}/.claude/settings.local.json` });

  it("lists the user's rules and the chosen trusted project's, and removes one after a confirmation naming it", async () => {
    let rules: PermissionRule[] = [userRule, localRule('/work/repo'), localRule('/home/me/cli-trusted')];
    const calls = stubApi({
      'GET /api/trust/folders': () => ({ body: { folders: [consoleEntry, cliEntry] } }),
      'GET /api/trust/rules': (url) => ({ body: { rules: rules.filter((rule) => rule.scope === 'user' || rule.file.startsWith(`${url.searchParams.get('path')}/`)), unreadable: [] } }),
      'POST /api/trust/rules/remove': (_url, body) => {
        const asked = body as { rule: string; path?: string };
        rules = rules.filter((rule) => !(rule.rule === asked.rule && rule.file.startsWith(`${asked.path}/`)));
        return { body: { success: true } };
      },
    });
    render(<PermissionRules />);
    const local = await screen.findByRole('list', { name: "This project's local settings" });
    expect(within(local).getByText('Bash(npm test *)')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your settings (every project)' })).getByText('Bash(rm -rf:*)')).toBeInTheDocument();
    expect(screen.getByText('No rules.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/trust/rules' && call.url.searchParams.get('path') === '/work/repo')).toBeDefined();

    await userEvent.click(within(local).getByRole('button', { name: 'Remove allow rule Bash(npm test *)' }));
    const confirm = screen.getByRole('group', { name: 'Confirm removal' });
    expect(confirm).toHaveTextContent('Remove the allow rule Bash(npm test *) from /work/repo/.claude/settings.local.json?');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove rule' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: "This project's local settings" })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ scope: 'local', behavior: 'allow', rule: 'Bash(npm test *)', path: '/work/repo' });

    // The other trusted project still has its own rule.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Project' }), '/home/me/cli-trusted');
    expect(await within(await screen.findByRole('list', { name: "This project's local settings" })).findByText('Bash(npm test *)')).toBeInTheDocument();
  });

  it('shows why a removal failed, and names a settings file it could not read', async () => {
    stubApi({
      'GET /api/trust/folders': () => ({ body: { folders: [] } }),
      'GET /api/trust/rules': () => ({ body: { rules: [userRule], unreadable: [{ file: '/s.json', reason: '/s.json is not valid JSON' }] } }),
      'POST /api/trust/rules/remove': () => ({ status: 409, body: { error: '/home/me/.claude/settings.json is not valid JSON', code: 'trust.settings_unreadable' } }),
    });
    render(<PermissionRules />);
    expect(await screen.findByText('Not read: /s.json is not valid JSON')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Project' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove deny rule Bash(rm -rf:*)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove rule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('is not valid JSON');
  });
});
