import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { Island } from '@/components/ui/island';
import { AboutSection } from './about-section';
import { AboutTheCompanySection } from './about-the-company-section';
import { ContactSection } from './contact-section';
import { GetStartedSection } from './get-started-section';
import { Hero } from './hero';
import { NewsletterForm } from './newsletter-form';
import { ServicesSection } from './services-section';
import { SponsorsSection } from './sponsors-section';
import { StatsSection } from './stats-section';
import { TestimonialsSection } from './testimonials-section';

/**
 * The landing page (SPEC §2), sections in the spec's order. Prerendered; in the browser only its
 * islands are hydrated (src/landing.tsx), so everything else here must work as plain HTML.
 */
export function LandingPage() {
  return (
    // The hero's background reaches under the transparent bar; it pads its own top for it.
    <MarketingLayout
      underHeader
      footerSlot={
        <Island name="newsletter">
          <NewsletterForm />
        </Island>
      }
    >
      <Hero />
      <AboutTheCompanySection />
      <Island name="services">
        <ServicesSection />
      </Island>
      <AboutSection />
      <TestimonialsSection />
      <StatsSection />
      <GetStartedSection />
      <ContactSection />
      <SponsorsSection />
    </MarketingLayout>
  );
}
