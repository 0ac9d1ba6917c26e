export { LogMonitorPanel, type LogMonitorPanelProps } from './LogMonitorPanel';
export { levelLabel, parseLogEntry, type ParsedLog } from './log-entry';
