import type { ComponentType } from 'react';
import type { ToolResultRecord } from '@/features/live-run';

/** What every tool panel receives: the tool use and its result record (pending until the result arrives). */
export interface ToolPanelProps {
  toolUseId: string;
  name: string;
  input: Record<string, unknown>;
  result: ToolResultRecord;
}

export type ToolPanel = ComponentType<ToolPanelProps>;

/** A string field of a tool input, or undefined. */
export function inputString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' ? value : undefined;
}

/** 'N line' / 'N lines'. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
