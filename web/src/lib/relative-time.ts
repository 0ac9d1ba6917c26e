const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

/**
 * Age of a timestamp as the session list shows it (spec §9): under 1 minute 'Just now',
 * under 60 minutes 'Nm ago', under 1440 minutes 'Nh ago', otherwise 'Nd ago'.
 * Future or unparseable timestamps read as 'Just now'.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'Just now';
  const minutes = Math.floor((now - time) / MINUTE_MS);
  if (minutes < 1) return 'Just now';
  if (minutes < MINUTES_PER_HOUR) return `${minutes}m ago`;
  if (minutes < MINUTES_PER_DAY) return `${Math.floor(minutes / MINUTES_PER_HOUR)}h ago`;
  return `${Math.floor(minutes / MINUTES_PER_DAY)}d ago`;
}
