import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/lib/theme-store';
import { toggleLabel } from '@/lib/theme';
import { cn } from './cn';

export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  const label = toggleLabel(theme);
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      // public/boot.js switches the theme until this is hydrated (ADR 0025).
      data-boot="theme"
      onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        className,
      )}
    >
      {/* Both icons are in the markup and CSS picks one, so a prerendered page shows the right one at once. */}
      <Sun aria-hidden className="hidden size-5 dark:block" />
      <Moon aria-hidden className="size-5 dark:hidden" />
    </button>
  );
}
