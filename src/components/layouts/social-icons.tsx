import type { ReactNode, SVGProps } from 'react';
import { socialLinks } from '@/config/marketing-content';
import { cn } from '@/components/ui/cn';

type SocialName = (typeof socialLinks)[number]['name'];

// lucide-react 1.x no longer ships brand icons; these are the outlines its earlier releases drew
// (ISC licence), so they sit well beside the other lucide icons.
const glyphs: Record<SocialName, ReactNode> = {
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  twitter: (
    <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
  github: (
    <>
      <path d="M15 22v-4a4.8 4.8 0 0 0-1-3.5c3 0 6-2 6-5.5.08-1.25-.27-2.48-1-3.5.28-1.15.28-2.35 0-3.5 0 0-1 0-3 1.5-2.64-.5-5.36-.5-8 0C6 2 5 2 5 2c-.3 1.15-.3 2.35 0 3.5A5.4 5.4 0 0 0 4 9c0 3.5 3 5.5 6 5.5-.39.49-.68 1.05-.85 1.65-.17.6-.22 1.23-.15 1.85v4" />
      <path d="M9 18c-4.51 2-5-2-7-2" />
    </>
  ),
};

export function SocialIcon({ name, ...props }: { name: SocialName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...props}
    >
      {glyphs[name]}
    </svg>
  );
}

/**
 * The four social placeholders (SPEC §2). The link carries the name; the glyph is decoration.
 */
export function SocialLinks({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  return (
    <ul className={cn('flex items-center gap-1', className)}>
      {socialLinks.map((link) => (
        <li key={link.name}>
          <a
            href={link.href}
            aria-label={link.label}
            title={link.label}
            className={cn(
              'inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-brand-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-brand-100',
              linkClassName,
            )}
          >
            <SocialIcon name={link.name} className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
