import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CuiConfig, formatZodError, type ConfigUpdate } from '@cui/contract';
import { AppError } from './app-error';
import { mergeConfigUpdate } from './config-merge';

/** The console's configuration file (CUI_HOME/config.json), validated on load and on every write. */
export interface ConfigStore {
  get(): CuiConfig;
  /**
   * Deep-merges a validated partial update, validates the result against the contract, writes it atomically and
   * returns it. On any failure it throws AppError('config.invalid') and neither the file nor memory changes.
   */
  update(update: ConfigUpdate): CuiConfig;
  readonly path: string;
}

/** `<hostname>-<16 hex>`: stable per config file, used for the ntfy topic and the status page. */
export function generateMachineId(): string {
  const host = os.hostname().toLowerCase().replace(/[^a-z0-9-]/g, '') || 'host';
  return `${host}-${crypto.randomBytes(8).toString('hex')}`;
}

/** 32 lower-case hex characters from the CSPRNG (spec §5/§9 token format). */
export function generateAuthToken(): string {
  return crypto.randomBytes(16).toString('hex');
}

/**
 * Writes via a temp file in the same directory, fsync and rename, so a crash never leaves a half-written
 * config. Mode 0600: the file holds the token and API keys.
 */
export function writeFileAtomic(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}

function serialize(config: CuiConfig): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}

function invalid(file: string, detail: string, cause?: unknown): AppError {
  return new AppError('config.invalid', `Invalid config ${file}: ${detail}`, { cause });
}

function parseConfig(raw: unknown, file: string): CuiConfig {
  const result = CuiConfig.safeParse(raw);
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

/** Loads the file (or creates it on first start), fills missing ids and defaults, and rewrites it if they changed it. */
function loadOrCreate(file: string): CuiConfig {
  if (!fs.existsSync(file)) {
    const created = parseConfig({ machineId: generateMachineId(), authToken: generateAuthToken() }, file);
    writeFileAtomic(file, serialize(created));
    return created;
  }
  const raw = readConfigFile(file);
  const withIds = { ...raw, machineId: raw.machineId ?? generateMachineId(), authToken: raw.authToken ?? generateAuthToken() };
  const loaded = parseConfig(withIds, file);
  if (JSON.stringify(loaded) !== JSON.stringify(raw)) writeFileAtomic(file, serialize(loaded));
  // A hand-created file may be group/world readable: it holds the token, so tighten it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return loaded;
}

/**
 * Loads (creating on first start) and validates the config. Throws AppError('config.invalid') whose message
 * names the file and the bad field, e.g. `Invalid config /home/me/.cui/config.json: interface.colorScheme: …`.
 */
export function createConfigStore(configPath: string): ConfigStore {
  fs.mkdirSync(path.dirname(configPath), { recursive: true, mode: 0o700 });
  let current = loadOrCreate(configPath);
  return {
    path: configPath,
    get: () => current,
    update(update) {
      const result = CuiConfig.safeParse(mergeConfigUpdate(current, update));
      if (!result.success) throw new AppError('config.invalid', formatZodError(result.error));
      const next = result.data;
      writeFileAtomic(configPath, serialize(next));
      current = next;
      return current;
    },
  };
}
