import { Monitor, Moon, Sun } from 'lucide-react';
import { IconButton } from '@/ui/IconButton';
import { useTheme } from './use-theme';

const LABELS = { light: 'Theme: Light', dark: 'Theme: Dark', system: 'Theme: System' } as const;

/** Header button cycling light → dark → system; its label names the current preference. */
export function ThemeToggle() {
  const { preference, cycle } = useTheme();
  const icon = preference === 'light' ? <Sun size={18} /> : preference === 'dark' ? <Moon size={18} /> : <Monitor size={18} />;
  return <IconButton label={LABELS[preference]} icon={icon} onClick={cycle} data-theme-preference={preference} />;
}
