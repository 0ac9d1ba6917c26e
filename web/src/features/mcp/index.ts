/** A conversation's tools panel (issue 26 points 5-6): MCP servers, context breakdown, background tasks; loaded when opened. */
export { ToolsPanelButton, type ToolsPanelTab } from './ToolsPanelButton';
