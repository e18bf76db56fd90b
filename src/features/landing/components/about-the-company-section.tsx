import { LandingSection } from './landing-section';

/*
 * The copy of this section and of AboutSection is not in src/config/marketing-content.ts yet; it
 * describes the product as SPEC §1 does and makes no figure or claim of its own.
 */
const pillars = [
  {
    title: 'Built for nonprofits and NGOs',
    text: 'From community groups run by volunteers to organisations working across several countries.',
  },
  {
    title: 'One place for the whole team',
    text: 'Reporting, fundraising, people, data collection and funding opportunities share the same data.',
  },
  {
    title: 'Works where you work',
    text: 'In the browser on any phone or laptop, and it keeps working when the connection drops.',
  },
] as const;

export function AboutTheCompanySection() {
  return (
    <LandingSection
      id="about-the-company"
      title="About NGO Portal"
      intro="NGO Portal is an all-in-one platform that helps nonprofits and NGOs run their programmes, report their impact and fund their mission."
    >
      <ul className="grid gap-6 sm:grid-cols-3">
        {pillars.map((p) => (
          <li key={p.title} className="border-l-4 border-brand-600 pl-4 dark:border-brand-500">
            <h3 className="font-semibold text-slate-900 dark:text-white">{p.title}</h3>
            <p className="mt-1 text-slate-700 dark:text-slate-300">{p.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
