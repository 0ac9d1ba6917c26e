/** Spec §9: favicon requested at 32 px, shown at 12 px. */
const FAVICON_REQUEST_SIZE = 32;
const FAVICON_DISPLAY_SIZE = 12;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** A link chip: the host's favicon and name, opening the URL in a new tab. */
export function LinkChip({ url }: { url: string }) {
  const host = hostOf(url);
  if (!host) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 rounded-full border border-neutral-200 bg-neutral-50 px-2 py-0.5 text-xs text-neutral-700 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800"
    >
      <img
        src={`https://www.google.com/s2/favicons?domain=${encodeURIComponent(host)}&sz=${FAVICON_REQUEST_SIZE}`}
        width={FAVICON_DISPLAY_SIZE}
        height={FAVICON_DISPLAY_SIZE}
        alt=""
        className="h-3 w-3"
      />
      {host}
    </a>
  );
}
