/** The panel's bounded ring buffer of raw entries (oldest first) and its connection status. */
export const LOG_PANEL_CAPACITY = 1000;

export interface LogLine {
  /** Stable key for the list. */
  id: number;
  raw: string;
}

export interface LogPanelState {
  lines: LogLine[];
  nextId: number;
  connected: boolean;
}

export type LogPanelAction =
  | { type: 'reset'; lines: string[] }
  | { type: 'append'; lines: string[] }
  | { type: 'clear' }
  | { type: 'connected'; connected: boolean };

export const initialLogPanelState: LogPanelState = { lines: [], nextId: 0, connected: false };

function withLines(state: LogPanelState, base: LogLine[], raws: string[], capacity: number): LogPanelState {
  const added = raws.map((raw, index) => ({ id: state.nextId + index, raw }));
  const lines = [...base, ...added];
  return { ...state, lines: lines.length > capacity ? lines.slice(lines.length - capacity) : lines, nextId: state.nextId + raws.length };
}

export function createLogPanelReducer(capacity = LOG_PANEL_CAPACITY) {
  return function logPanelReducer(state: LogPanelState, action: LogPanelAction): LogPanelState {
    switch (action.type) {
      case 'reset':
        return withLines(state, [], action.lines, capacity);
      case 'append':
        return withLines(state, state.lines, action.lines, capacity);
      case 'clear':
        return { ...state, lines: [] };
      case 'connected':
        return state.connected === action.connected ? state : { ...state, connected: action.connected };
      default: {
        const unknown: never = action;
        return unknown;
      }
    }
  };
}
