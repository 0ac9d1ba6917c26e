import { AppLayout } from '@/app/AppLayout';
import { LogMonitorPanel } from '@/features/logs';
import { RouteForm } from './RouteForm';
import { FORM_ROUTES, STREAM_ROUTES } from './inspector-routes';
import { Section } from './Section';
import { StreamViewer } from './StreamViewer';

/**
 * /inspector, the raw JSON interface (spec §2): every route of the table through a form generated from its
 * schemas, a live viewer for the streaming routes, and the log monitor panel. Lazy-loaded by the router.
 */
export function InspectorPage() {
  return (
    <AppLayout mainClassName="p-4">
      <div className="mx-auto flex max-w-7xl min-w-0 flex-col gap-4">
        <h1 className="text-xl font-semibold">CUI Raw JSON Interface</h1>
        <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-[450px_minmax(0,1fr)]">
          <div className="flex min-w-0 flex-col gap-3">
            <Section title="All routes">
              <RouteForm routes={FORM_ROUTES} />
            </Section>
          </div>
          <div className="flex min-w-0 flex-col gap-3">
            <Section title="Stream viewer">
              <StreamViewer routes={STREAM_ROUTES} />
            </Section>
          </div>
        </div>
        <LogMonitorPanel />
      </div>
    </AppLayout>
  );
}
