import type { ScheduleInput } from '@cui/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyForm } from './schedule-form-state';
import { ScheduleForm } from './ScheduleForm';

/** Answers the preview route like the server (three times, or 400 for a bad expression); records what was asked. */
function stubPreview() {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://cui.test');
      if (url.pathname === '/api/working-directories') return new Response(JSON.stringify({ directories: [], totalCount: 0 }));
      if (url.pathname === '/api/system/models') {
        return new Response(JSON.stringify({ models: [{ value: 'sonnet', displayName: 'Sonnet' }], source: 'cli', claudeVersion: '2.1.330' }));
      }
      const body = JSON.parse(String(init.body)) as { when: { kind: string; expression?: string } };
      asked.push(body);
      if (body.when.expression === 'nonsense') return new Response(JSON.stringify({ error: "Invalid cron expression 'nonsense'", code: 'schedule.invalid' }), { status: 400 });
      const nextRuns = ['2026-11-30T08:00:00.000Z', '2026-12-01T08:00:00.000Z', '2026-12-02T08:00:00.000Z'];
      return new Response(JSON.stringify({ pattern: '0 9 * * 1-5', nextRuns }));
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const saved: ScheduleInput[] = [];
  const initial = { ...emptyForm({ text: 'morning report', workingDirectory: '/work/repo' }), timezone: 'Europe/Paris' };
  render(<ScheduleForm initial={initial} submitLabel="Create schedule" saving={false} error={undefined} onSave={(input) => saved.push(input)} onCancel={() => undefined} />);
  return saved;
}

describe('ScheduleForm', () => {
  it('starts as weekday mornings in Ask mode, shows the next three times, and saves what it shows', async () => {
    const asked = stubPreview();
    const saved = renderForm();
    const next = await screen.findByTestId('next-runs');
    await waitFor(() => expect(within(next).getAllByRole('listitem')).toHaveLength(3));
    expect(asked[0]).toEqual({ when: { kind: 'weekdays', time: '09:00' }, timezone: 'Europe/Paris', count: 3 });
    expect(screen.getByLabelText('Permission mode')).toHaveValue('default');
    // The model menu is the CLI's own list, as the composer's.
    expect(await within(screen.getByLabelText('Model')).findByRole('option', { name: 'Sonnet' })).toHaveValue('sonnet');
    await userEvent.click(screen.getByRole('button', { name: 'Create schedule' }));
    expect(saved).toEqual([
      { name: 'morning report', prompt: 'morning report', workingDirectory: '/work/repo', permissionMode: 'default', worktree: false, when: { kind: 'weekdays', time: '09:00' }, timezone: 'Europe/Paris', missedRunPolicy: 'skip' },
    ]);
  });

  it('saves Yolo only once its warning is confirmed', async () => {
    stubPreview();
    const saved = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Permission mode'), 'bypassPermissions');
    expect(screen.getByRole('alert')).toHaveTextContent('Yolo runs every tool without asking');
    const create = screen.getByRole('button', { name: 'Create schedule' });
    expect(create).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    expect(saved[0]?.permissionMode).toBe('bypassPermissions');
  });

  it('says why a cron expression is refused and does not save it', async () => {
    stubPreview();
    const saved = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Repeat'), 'cron');
    const expression = screen.getByLabelText('Cron expression');
    await userEvent.clear(expression);
    await userEvent.type(expression, 'nonsense');
    expect(await screen.findByText("Invalid cron expression 'nonsense'")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create schedule' })).toBeDisabled();
    expect(saved).toEqual([]);
  });
});
