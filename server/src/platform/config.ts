import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CuiConfig, formatZodError, type ConfigUpdate } from '@cui/contract';
import { AppError } from './app-error';

/** The console's configuration file (CUI_HOME/config.json), validated on load and on every write. */
export interface ConfigStore {
  get(): CuiConfig;
  /** Deep-merges a validated partial update, validates the result, writes it atomically, returns it. */
  update(update: ConfigUpdate): CuiConfig;
  readonly path: string;
}

function generateMachineId(): string {
  const host = os.hostname().toLowerCase().replace(/[^a-z0-9-]/g, '') || 'host';
  return `${host}-${crypto.randomBytes(8).toString('hex')}`;
}

/** Writes via a temp file and rename so a crash never leaves a half-written config. Mode 0600: it holds the token. */
export function writeFileAtomic(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, content, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

function parseConfig(raw: unknown, file: string): CuiConfig {
  const result = CuiConfig.safeParse(raw);
  if (!result.success) throw new AppError('config.invalid', `Invalid config ${file}: ${formatZodError(result.error)}`);
  return result.data;
}

function merge(config: CuiConfig, update: ConfigUpdate): unknown {
  const next = structuredClone(config) as CuiConfig & Record<string, unknown>;
  if (update.interface) {
    const { notifications, ...rest } = update.interface;
    Object.assign(next.interface, rest);
    if (notifications) {
      const { ntfyUrl, ...n } = notifications;
      Object.assign(next.interface.notifications, n);
      if (ntfyUrl === null || ntfyUrl === '') delete next.interface.notifications.ntfyUrl;
      else if (ntfyUrl !== undefined) next.interface.notifications.ntfyUrl = ntfyUrl;
    }
  }
  if (update.router) Object.assign(next.router, update.router);
  if (update.gemini) Object.assign(next.gemini, update.gemini);
  return next;
}

/** Loads (creating on first start) and validates the config. Throws AppError('config.invalid') naming the bad field. */
export function createConfigStore(configPath: string): ConfigStore {
  fs.mkdirSync(path.dirname(configPath), { recursive: true, mode: 0o700 });
  let current: CuiConfig;
  if (fs.existsSync(configPath)) {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(configPath, 'utf8'));
    } catch (cause) {
      throw new AppError('config.invalid', `Invalid config ${configPath}: not valid JSON`, { cause });
    }
    const withIds = { machineId: generateMachineId(), authToken: crypto.randomBytes(16).toString('hex'), ...(raw as object) };
    current = parseConfig(withIds, configPath);
    if (JSON.stringify(current) !== JSON.stringify(raw)) writeFileAtomic(configPath, `${JSON.stringify(current, null, 2)}\n`);
  } else {
    current = parseConfig({ machineId: generateMachineId(), authToken: crypto.randomBytes(16).toString('hex') }, configPath);
    writeFileAtomic(configPath, `${JSON.stringify(current, null, 2)}\n`);
  }
  return {
    path: configPath,
    get: () => current,
    update(update) {
      const next = parseConfig(merge(current, update), configPath);
      writeFileAtomic(configPath, `${JSON.stringify(next, null, 2)}\n`);
      current = next;
      return current;
    },
  };
}
