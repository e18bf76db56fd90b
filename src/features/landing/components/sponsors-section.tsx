import { sponsors } from '@/config/marketing-content';
import { LandingSection } from './landing-section';

/** Every file in public/sponsors is drawn on this 200 × 60 canvas, so the box is reserved before it loads. */
const LOGO_WIDTH = 200;
const LOGO_HEIGHT = 60;

export function SponsorsSection() {
  return (
    <LandingSection id="sponsors" title="Our sponsors">
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {sponsors.map((sponsor) => (
          // The logos are drawn for a light tile, which stays light in dark mode so they remain legible.
          <li
            key={sponsor.name}
            className="flex items-center justify-center rounded-xl border border-slate-200 bg-white p-2 sm:p-4 dark:border-slate-700 dark:bg-slate-100"
          >
            <img
              src={sponsor.logo}
              alt={sponsor.name}
              width={LOGO_WIDTH}
              height={LOGO_HEIGHT}
              loading="lazy"
              decoding="async"
              className="h-auto w-full max-w-50"
            />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
