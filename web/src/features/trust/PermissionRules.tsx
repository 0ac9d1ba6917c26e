import { useCallback, useState } from 'react';
import type { PermissionRule, PermissionRuleScope } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';
import { useApiQuery } from '@/app/use-api-query';
import { Button, Spinner } from '@/ui';
import { useTrustedFolders } from './use-trusted-folders';

const SCOPES: { scope: PermissionRuleScope; title: string }[] = [
  { scope: 'user', title: 'Your settings (every project)' },
  { scope: 'project', title: "This project's shared settings" },
  { scope: 'local', title: "This project's local settings" },
];
const BEHAVIOR_LABEL = { allow: 'Allow', deny: 'Deny', ask: 'Ask' } as const;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const ruleKey = (rule: PermissionRule): string => `${rule.file}\u0000${rule.behavior}\u0000${rule.rule}`;

/** GET /api/trust/rules for `folder` (the user's alone without one), again after each removal. */
function useRules(folder: string | undefined, enabled: boolean) {
  const query = useApiQuery(routes.trust.rules, { query: folder ? { path: folder } : {} }, { enabled });
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { refetch } = query;
  const remove = useCallback(
    async (rule: PermissionRule) => {
      try {
        await apiCall(routes.trust.removeRule, { body: { scope: rule.scope, behavior: rule.behavior, rule: rule.rule, ...(rule.scope === 'user' ? {} : { path: folder }) } });
        setRemoveError(null);
      } catch (caught) {
        setRemoveError(message(caught));
      }
      refetch();
    },
    [folder, refetch],
  );
  return { data: query.data ?? null, error: removeError ?? (query.error ? query.error.message : null), remove };
}

function RuleRow({ rule, onRemove }: { rule: PermissionRule; onRemove: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-1 py-1.5">
      <div className="flex items-center gap-2">
        <span className="w-10 shrink-0 text-xs text-neutral-500 dark:text-neutral-400">{BEHAVIOR_LABEL[rule.behavior]}</span>
        <code className="min-w-0 flex-1 text-xs break-all">{rule.rule}</code>
        {!confirming && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Remove ${rule.behavior} rule ${rule.rule}`}>
            Remove
          </Button>
        )}
      </div>
      {confirming && (
        <div role="group" aria-label="Confirm removal" className="flex flex-wrap items-center gap-2 pl-12 text-xs">
          <span>
            Remove the {rule.behavior} rule <code>{rule.rule}</code> from {rule.file}?
          </span>
          <Button type="button" size="sm" variant="danger" onClick={() => void onRemove()}>
            Remove rule
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}

function ScopeRules({ title, rules, onRemove }: { title: string; rules: PermissionRule[]; onRemove: (rule: PermissionRule) => Promise<void> }) {
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-xs font-medium">{title}</h4>
      {rules.length === 0 ? (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">No rules.</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {rules.map((rule) => (
            <RuleRow key={ruleKey(rule)} rule={rule} onRemove={() => onRemove(rule)} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Settings section (issue 26 point 1): the permission rules Claude Code applies, where "don't ask again" wrote them:
 * the user's, and a trusted project's shared and local ones (a project's own settings load only when it is trusted),
 * each removable after a confirmation naming it.
 */
export function PermissionRules() {
  const { folders, error: foldersError } = useTrustedFolders();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const folder = chosen ?? folders?.[0]?.path;
  const { data, error, remove } = useRules(folder, folders !== null || foldersError !== null);
  return (
    <section aria-labelledby="permission-rules-heading" className="flex flex-col gap-2">
      <h3 id="permission-rules-heading" className="text-sm font-semibold">
        Permission rules
      </h3>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        What Claude Code allows, denies or asks about without a prompt, including what "don't ask again" saved.
      </p>
      {folders && folders.length > 0 && (
        <label className="flex flex-col gap-1 text-xs">
          Project
          <select className="rounded-md border border-neutral-300 bg-white px-2 py-1 text-sm dark:border-neutral-700 dark:bg-neutral-900" value={folder} onChange={(event) => setChosen(event.target.value)}>
            {folders.map((entry) => (
              <option key={`${entry.source}:${entry.path}`} value={entry.path}>
                {entry.path}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && (
        <div role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </div>
      )}
      {data === null && !error && <Spinner size="sm" label="Loading permission rules" />}
      {data && (
        <>
          {SCOPES.filter(({ scope }) => scope === 'user' || folder).map(({ scope, title }) => (
            <ScopeRules key={scope} title={title} rules={data.rules.filter((rule) => rule.scope === scope)} onRemove={remove} />
          ))}
          {data.unreadable.map((entry) => (
            <p key={entry.file} className="text-xs text-amber-700 dark:text-amber-300">
              Not read: {entry.reason}
            </p>
          ))}
        </>
      )}
    </section>
  );
}
