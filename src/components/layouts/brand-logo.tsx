import { HeartHandshake } from 'lucide-react';

export function BrandLogo({ tagline = true }: { tagline?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span className="inline-flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
        <HeartHandshake aria-hidden className="size-5" />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-base font-bold">NGO Portal</span>
        {tagline && <span className="text-xs text-slate-600 dark:text-slate-400">For Nonprofits</span>}
      </span>
    </span>
  );
}
