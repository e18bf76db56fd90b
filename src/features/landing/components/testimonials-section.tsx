import { Quote } from 'lucide-react';
import { testimonials } from '@/config/marketing-content';
import { LandingSection } from './landing-section';

export function TestimonialsSection() {
  return (
    <LandingSection id="testimonials" title="What our users say">
      <ul className="grid gap-4 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <Quote aria-hidden className="size-7 text-brand-600 dark:text-brand-500" />
              <blockquote className="flex-1 text-slate-800 dark:text-slate-200">
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className="text-sm">
                <span className="block font-semibold text-slate-900 dark:text-white">{t.name}</span>
                <span className="block text-slate-600 dark:text-slate-400">{t.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
