import { MASKED_SECRET_PREFIX, type ConfigSections, type SecretPath, type SectionsOutput, type SectionsPatch } from '@cui/contract';
import { isPlainObject, type Plain } from './config-merge';

/** Secrets shorter than this are shown as the prefix alone: 4 visible characters would be too much of them. */
const MIN_LENGTH_TO_SHOW_TAIL = 12;

/** Masks a secret for display: the prefix plus its last 4 characters; '' and undefined stay as they are. */
export function maskSecret(secret: string): string;
export function maskSecret(secret: string | undefined): string | undefined;
export function maskSecret(secret: string | undefined): string | undefined {
  if (!secret) return secret;
  return MASKED_SECRET_PREFIX + (secret.length >= MIN_LENGTH_TO_SHOW_TAIL ? secret.slice(-4) : '');
}

/** True for a value produced by `maskSecret` (the browser sent back what it was shown). */
export function isMasked(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(MASKED_SECRET_PREFIX);
}

/**
 * Calls `visit(holder, key, stored)` for every place `path` names in `value` (walked in place), with the stored
 * counterpart when there is one. '*' walks every array item; an item's stored counterpart is the stored item of the
 * same `name`, else the one at the same position (a renamed provider).
 */
function walkSecret(value: unknown, stored: unknown, path: SecretPath, visit: (holder: Plain, key: string, stored: Plain | undefined) => void): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (head === '*') {
    if (!Array.isArray(value)) return;
    const storedItems: unknown[] = Array.isArray(stored) ? stored : [];
    value.forEach((item, index) => {
      const name = isPlainObject(item) ? item.name : undefined;
      const byName = name === undefined ? undefined : storedItems.find((old) => isPlainObject(old) && old.name === name);
      walkSecret(item, byName ?? storedItems[index], rest, visit);
    });
    return;
  }
  if (!isPlainObject(value)) return;
  const storedHolder = isPlainObject(stored) ? stored : undefined;
  if (rest.length === 0) visit(value, head, storedHolder);
  else walkSecret(value[head], storedHolder?.[head], rest, visit);
}

/** The config as GET /api/config shows it: only the sections (no token, no machine id), every declared secret masked. */
export function publicConfig<T extends ConfigSections>(sections: T, config: SectionsOutput<T>): SectionsOutput<T> {
  const shown: Plain = {};
  for (const [name, section] of Object.entries(sections)) {
    const value = structuredClone(config[name]);
    for (const path of section.secrets) {
      walkSecret(value, undefined, path, (holder, key) => {
        if (typeof holder[key] === 'string') holder[key] = maskSecret(holder[key]);
      });
    }
    shown[name] = value;
  }
  return shown as SectionsOutput<T>;
}

/**
 * Replaces masked secrets in an update with the stored ones, so saving a form that shows '••••••••abcd' keeps the
 * real key. A mask with no stored counterpart becomes '' (the mask itself is never stored).
 */
export function restoreMaskedSecrets<T extends ConfigSections>(sections: T, update: SectionsPatch<T>, current: SectionsOutput<T>): SectionsPatch<T> {
  const next = structuredClone(update) as Plain;
  for (const [name, section] of Object.entries(sections)) {
    if (next[name] === undefined) continue;
    for (const path of section.secrets) {
      walkSecret(next[name], current[name], path, (holder, key, stored) => {
        if (isMasked(holder[key])) holder[key] = typeof stored?.[key] === 'string' ? stored[key] : '';
      });
    }
  }
  return next as SectionsPatch<T>;
}
