import { AppLayout } from '@/app/AppLayout';
import { LogMonitorPanel } from '@/features/logs';
import { STREAM_ROUTES } from './inspector-routes';
import { LEFT_SECTIONS, RIGHT_SECTIONS, type InspectorSection } from './inspector-sections';
import { RouteForm } from './RouteForm';
import { Section } from './Section';
import { StreamViewer } from './StreamViewer';

function FormSection({ section }: { section: InspectorSection }) {
  return (
    <Section title={section.title}>
      {section.lead && <section.lead />}
      <RouteForm routes={section.routes} defaults={section.defaults} longText={section.longText} requiredMessages={section.requiredMessages} invalidJsonMessages={section.invalidJsonMessages} />
    </Section>
  );
}

/**
 * /inspector, the raw JSON interface (spec §2): sections sending routes of the table through forms generated
 * from their schemas, a live viewer for the streaming routes, and the log monitor panel (the toggleable extra
 * panel). Lazy-loaded by the router. On a phone the panels stack.
 */
export function InspectorPage() {
  return (
    <AppLayout mainClassName="p-4">
      <div className="mx-auto flex max-w-7xl min-w-0 flex-col gap-4">
        <h1 className="text-xl font-semibold">CUI Raw JSON Interface</h1>
        <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-[450px_minmax(0,1fr)]">
          <div className="flex min-w-0 flex-col gap-2">
            {LEFT_SECTIONS.map((section) => (
              <FormSection key={section.title} section={section} />
            ))}
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            {RIGHT_SECTIONS.map((section) => (
              <FormSection key={section.title} section={section} />
            ))}
            <Section title="Stream viewer">
              <StreamViewer routes={STREAM_ROUTES} />
            </Section>
            <LogMonitorPanel />
          </div>
        </div>
      </div>
    </AppLayout>
  );
}
