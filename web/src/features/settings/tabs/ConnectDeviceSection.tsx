import { lazy, Suspense } from 'react';
import { getStoredToken } from '@/app/auth-token';
import { useListenAddress } from '@/app/system-status';
import { CopyButton, Input, Spinner } from '@/ui';
import { useConfigResource } from '@/features/config';

const QrCodeCanvas = lazy(() => import('./QrCodeCanvas').then((m) => ({ default: m.QrCodeCanvas })));

export const LOOPBACK_WARNING =
  'cui listens on a loopback address: only this computer can open it. For a phone, set a Public URL (Notifications) behind Tailscale or a reverse proxy, or start cui with --host on a network you trust.';

export const PLAIN_HTTP_NOTE = 'Over plain http a phone gets no voice input, notifications or app install: browsers allow them only on HTTPS.';

/** The base URL a phone opens: the Public URL when one is set, else the address the server listens on. */
export function deviceBaseUrl(publicUrl: string | undefined, listenUrl: string | undefined): string | undefined {
  const base = publicUrl?.trim() || listenUrl;
  return base?.replace(/\/+$/, '');
}

/**
 * General › Connect a device (issue 23): the URL to open on a phone with the access token in its fragment (the login
 * screen takes `#token=` and drops it from the address bar), its QR code and copy buttons. The token never goes into a
 * query string: fragments are not sent to the server or to a proxy's log.
 */
export function ConnectDeviceSection() {
  const { config } = useConfigResource();
  // The page's one status load: asking again here would cost a request each time Settings opens.
  const listen = useListenAddress();
  const publicUrl = config?.interface.notifications.publicUrl;
  const base = deviceBaseUrl(publicUrl, listen?.url);
  const token = getStoredToken();
  const url = base && token ? `${base}/#token=${token}` : undefined;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <h3 className="font-semibold">Connect a device</h3>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">Scan the code with your phone's camera, or open the URL there: it signs the browser in.</p>
      {!url ? (
        <Spinner />
      ) : (
        <>
          {!publicUrl && listen?.loopback && (
            <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
              {LOOPBACK_WARNING}
            </p>
          )}
          {url.startsWith('http://') && !listen?.loopback && <p className="text-xs text-neutral-500 dark:text-neutral-400">{PLAIN_HTTP_NOTE}</p>}
          <div className="self-center rounded-md bg-white p-2">
            <Suspense fallback={<Spinner />}>
              <QrCodeCanvas text={url} label="QR code of the URL with the access token" />
            </Suspense>
          </div>
          <label className="flex flex-col gap-1.5">
            <span className="font-medium">URL with the access token</span>
            <Input readOnly value={url} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
          </label>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={() => url} label="Copy URL" />
            <CopyButton text={() => token ?? ''} label="Copy token" />
          </div>
        </>
      )}
    </div>
  );
}
