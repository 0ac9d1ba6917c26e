import { useConfigResource } from '@/features/config';

/**
 * General › Terminals beyond this machine: when cui listens on a non-loopback address, terminals are off until this is
 * on (issue 25). Here, not in the terminal feature: importing that would load xterm.js with the Settings dialog.
 */
export function TerminalSection() {
  const { config, update } = useConfigResource();
  const allowRemote = config?.terminal.allowRemote ?? false;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex items-center justify-between gap-4">
        <span className="font-medium">Terminals when cui listens beyond this machine</span>
        <input type="checkbox" className="size-4 cursor-pointer" checked={allowRemote} disabled={!config} onChange={(event) => void update({ terminal: { allowRemote: event.target.checked } })} />
      </label>
      <p className="text-xs text-amber-800 dark:text-amber-200">
        A terminal is a full shell as this user: whoever holds the access token can run anything on this computer, with no permission prompt.
      </p>
    </div>
  );
}
