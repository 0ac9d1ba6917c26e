import type { RouteDef } from '@cui/contract';
import { FIELD_CLASSES } from '@/ui/field-classes';

export interface RoutePickerProps {
  label: string;
  routes: readonly RouteDef[];
  value: string;
  onPick: (name: string) => void;
}

/** A picker over routes of the table, each shown as method, path and name. */
export function RoutePicker({ label, routes, value, onPick }: RoutePickerProps) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-neutral-700 dark:text-neutral-300">
      {label}
      <select className={`${FIELD_CLASSES} h-9`} value={value} onChange={(event) => onPick(event.target.value)}>
        {routes.map((option) => (
          <option key={option.name} value={option.name}>{`${option.method} ${option.path} (${option.name})`}</option>
        ))}
      </select>
    </label>
  );
}
