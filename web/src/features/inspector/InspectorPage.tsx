import { AppLayout } from '@/app/AppLayout';
import { LogMonitorPanel } from '@/features/logs';

/** /inspector: the log monitor panel now; the raw JSON interface comes later. */
export function InspectorPage() {
  return (
    <AppLayout mainClassName="p-4">
      <div className="mx-auto flex max-w-6xl flex-col gap-4">
        <h1 className="text-xl font-semibold">CUI Raw JSON Interface</h1>
        <LogMonitorPanel />
      </div>
    </AppLayout>
  );
}
