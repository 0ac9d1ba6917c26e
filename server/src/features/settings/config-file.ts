import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CONFIG_SECTIONS, formatZodError, type ConfigSectionName } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import { writeFileAtomic } from '../../platform/write-file-atomic';

const ServerConfig = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(3001),
});

type SectionFields = { [K in ConfigSectionName]: z.ZodPrefault<(typeof CONFIG_SECTIONS)[K]['schema']> };

/** Every public section as a file field: a section missing from the file is stored with its defaults. */
function sectionFields(): SectionFields {
  return Object.fromEntries(Object.entries(CONFIG_SECTIONS).map(([name, section]) => [name, (section.schema as z.ZodObject).prefault({})])) as SectionFields;
}

/**
 * The whole of CUI_HOME/config.json: the public sections of the contract plus what only the server may see (the
 * token, the machine id, the listen address, the default executable, the web-push VAPID keys). Server-only:
 * never part of the contract. Unknown top-level keys (e.g. an older cui's `machine_id`) are kept so a hand-written
 * file is never silently truncated; they are never sent to the browser.
 */
export const ConfigFile = z.looseObject({
  machineId: z.string().min(1),
  authToken: z.string().regex(/^[a-f0-9]{32}$/, 'authToken must be 32 lower-case hex characters'),
  server: ServerConfig.prefault({}),
  /**
   * The Claude Code executable runs use when a start request names none; the pinned Agent SDK's bundled CLI when
   * absent. Read at start-up; edit the file and restart to change it.
   */
  claudeExecutablePath: z.string().regex(/^(\/|[A-Za-z]:[\\/])/, 'claudeExecutablePath must be an absolute path').optional(),
  /**
   * How many conversations may run (one Claude Code process each) at the same time; a start beyond it is refused
   * with 429 `run.limit_reached`. Read at every start. Each CLI takes 150-200 MB; ten at once was 1.8 GB.
   */
  maxConcurrentRuns: z.number().int().min(1).max(1000).default(8),
  /**
   * The VAPID key pair web push is signed with, generated on first use. Server-only: the private key never leaves
   * this file. Regenerating it kills every stored subscription (they are bound to the old public key).
   */
  webPush: z
    .object({
      subject: z.string().regex(/^(mailto:|https:)/, 'webPush.subject must be a mailto: or https: URL'),
      vapidPublicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'webPush.vapidPublicKey must be 87 base64url characters'),
      vapidPrivateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'webPush.vapidPrivateKey must be 43 base64url characters'),
    })
    .optional(),
  ...sectionFields(),
});
export type CuiConfig = z.infer<typeof ConfigFile>;

/** `<hostname>-<16 hex>`: stable per config file, used for the ntfy topic and the status page. */
export function generateMachineId(): string {
  const host = os.hostname().toLowerCase().replace(/[^a-z0-9-]/g, '') || 'host';
  return `${host}-${crypto.randomBytes(8).toString('hex')}`;
}

/** 32 lower-case hex characters from the CSPRNG (spec §5/§9 token format). */
export function generateAuthToken(): string {
  return crypto.randomBytes(16).toString('hex');
}

export function serializeConfig(config: CuiConfig): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}

function invalid(file: string, detail: string, cause?: unknown): AppError {
  return new AppError('config.invalid', `Invalid config ${file}: ${detail}`, { cause });
}

function parseConfig(raw: unknown, file: string): CuiConfig {
  const result = ConfigFile.safeParse(raw);
  if (!result.success) throw invalid(file, formatZodError(result.error));
  return result.data;
}

function readConfigFile(file: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (cause) {
    throw invalid(file, `not valid JSON (${cause instanceof Error ? cause.message : String(cause)})`, cause);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid(file, 'must be a JSON object');
  return raw as Record<string, unknown>;
}

/**
 * Loads and validates the config (creating it on first start), fills missing ids and defaults, and rewrites the
 * file if they changed it. Throws AppError('config.invalid') whose message names the file and the bad field, e.g.
 * `Invalid config /home/me/.cui/config.json: interface.colorScheme: …`.
 */
export function loadConfigFile(file: string): CuiConfig {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    const created = parseConfig({ machineId: generateMachineId(), authToken: generateAuthToken() }, file);
    writeFileAtomic(file, serializeConfig(created));
    return created;
  }
  const raw = readConfigFile(file);
  const withIds = { ...raw, machineId: raw.machineId ?? generateMachineId(), authToken: raw.authToken ?? generateAuthToken() };
  const loaded = parseConfig(withIds, file);
  if (JSON.stringify(loaded) !== JSON.stringify(raw)) writeFileAtomic(file, serializeConfig(loaded));
  // A hand-created file may be group/world readable: it holds the token, so tighten it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return loaded;
}
