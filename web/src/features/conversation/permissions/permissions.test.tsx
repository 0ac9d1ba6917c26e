import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { permissionFixtures } from '../fixtures/permissions';
import { renderInConversation } from '../fixtures/render';
import { PermissionPrompt } from './PermissionPrompt';

describe('PermissionPrompt', () => {
  it('shows the tool and its input summary and approves', async () => {
    const onDecide = vi.fn();
    renderInConversation(<PermissionPrompt permission={permissionFixtures.edit} onDecide={onDecide} />);
    expect(screen.getByRole('region', { name: 'Permission request' })).toHaveTextContent('Allow Edit?');
    expect(screen.getAllByText('hello.txt').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide).toHaveBeenCalledWith({ action: 'approve' });
  });

  it("offers the CLI's 'don't ask again' choice with where its rules go, and approves with it", async () => {
    const onDecide = vi.fn();
    const rule = { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }], behavior: 'allow', destination: 'localSettings' as const };
    const suggestions = [
      { label: "Yes, and don't ask again for `npm test` in this project", destination: 'localSettings' as const, destinationLabel: "This project's local settings (.claude/settings.local.json)", update: rule },
    ];
    renderInConversation(<PermissionPrompt permission={{ ...permissionFixtures.edit, suggestions }} onDecide={onDecide} />);
    const choice = await screen.findByRole('button', { name: "Yes, and don't ask again for `npm test` in this project" });
    expect(screen.getByRole('list', { name: 'Rules it writes' })).toHaveTextContent('.claude/settings.local.json');
    await userEvent.click(choice);
    expect(onDecide).toHaveBeenCalledWith({ action: 'approve', alwaysAllow: true });
  });

  it('offers no such choice without suggestions', () => {
    renderInConversation(<PermissionPrompt permission={permissionFixtures.edit} onDecide={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /don't ask again/ })).toBeNull();
  });

  it('denies with the typed reason, and without one when the field is empty', async () => {
    const onDecide = vi.fn();
    renderInConversation(<PermissionPrompt permission={permissionFixtures.edit} onDecide={onDecide} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(onDecide).toHaveBeenLastCalledWith({ action: 'deny' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Deny reason' }), '  keep the typo  ');
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(onDecide).toHaveBeenLastCalledWith({ action: 'deny', denyReason: 'keep the typo' });
  });

  it('answers AskUserQuestion with the chosen labels in modifiedInput.answers', async () => {
    const onDecide = vi.fn();
    const permission = permissionFixtures.question;
    renderInConversation(<PermissionPrompt permission={permission} onDecide={onDecide} />);
    const submit = screen.getByRole('button', { name: 'Submit answers' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Hello, World!' }));
    await userEvent.click(screen.getByRole('button', { name: 'lint' }));
    await userEvent.click(screen.getByRole('button', { name: 'tests' }));
    await userEvent.click(submit);
    expect(onDecide).toHaveBeenCalledWith({
      action: 'approve',
      modifiedInput: {
        ...permission.toolInput,
        answers: { 'Which greeting should the file use?': 'Hello, World!', 'Which checks should run?': 'lint, tests' },
      },
    });
  });

  it('shows the plan for approval and denies with feedback', async () => {
    const onDecide = vi.fn();
    renderInConversation(<PermissionPrompt permission={permissionFixtures.plan} onDecide={onDecide} />);
    expect(screen.getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Plan feedback' }), 'Also add a test');
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(onDecide).toHaveBeenCalledWith({ action: 'deny', denyReason: 'Also add a test' });
  });

  it('approves a plan', async () => {
    const onDecide = vi.fn();
    renderInConversation(<PermissionPrompt permission={permissionFixtures.plan} onDecide={onDecide} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide).toHaveBeenCalledWith({ action: 'approve' });
  });
});
