import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { useTrackVisit } from '@/features/landing/api/track-visit';
import { AboutSection } from '@/features/landing/components/about-section';
import { AboutTheCompanySection } from '@/features/landing/components/about-the-company-section';
import { ContactSection } from '@/features/landing/components/contact-section';
import { GetStartedSection } from '@/features/landing/components/get-started-section';
import { Hero } from '@/features/landing/components/hero';
import { NewsletterForm } from '@/features/landing/components/newsletter-form';
import { ServicesSection } from '@/features/landing/components/services-section';
import { SponsorsSection } from '@/features/landing/components/sponsors-section';
import { StatsSection } from '@/features/landing/components/stats-section';
import { TestimonialsSection } from '@/features/landing/components/testimonials-section';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

function LandingPage() {
  // SPEC §4: one page view per landing page load.
  useTrackVisit();
  return (
    // The hero's background reaches under the transparent bar; it pads its own top for it.
    <MarketingLayout underHeader footerSlot={<NewsletterForm />}>
      <Hero />
      <AboutTheCompanySection />
      <ServicesSection />
      <AboutSection />
      <TestimonialsSection />
      <StatsSection />
      <GetStartedSection />
      <ContactSection />
      <SponsorsSection />
    </MarketingLayout>
  );
}
