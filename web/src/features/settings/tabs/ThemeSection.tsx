import { ColorScheme } from '@cui/contract';
import { useTheme } from '@/app/theme';
import { cn } from '@/lib/cn';
import { FIELD_CLASSES } from '@/ui/field-classes';
import { useConfigResource } from '@/features/config';

const OPTIONS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const;

/**
 * General › Theme. The browser's `cui-theme` is the truth (the pre-paint script in index.html must read it before
 * any request, on the login screen too), so the choice applies at once through ThemeProvider; the config's
 * `interface.colorScheme` is then updated as a mirror for API readers and is never read back to paint.
 */
export function ThemeSection() {
  const { preference, setPreference } = useTheme();
  const { update } = useConfigResource();
  return (
    <label className="flex items-center justify-between gap-4 text-sm">
      <span className="font-medium">Theme</span>
      <select
        className={cn(FIELD_CLASSES, 'h-9 max-w-48 cursor-pointer')}
        value={preference}
        onChange={(event) => {
          const parsed = ColorScheme.safeParse(event.target.value);
          if (!parsed.success) return;
          setPreference(parsed.data);
          void update({ interface: { colorScheme: parsed.data } });
        }}
      >
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
