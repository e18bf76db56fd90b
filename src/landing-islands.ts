import type { ComponentType } from 'react';
import { MarketingToaster } from '@/components/layouts/marketing-layout';
import { OfflineBanner } from '@/components/layouts/offline-banner';
import { PublicHeader } from '@/components/layouts/public-header';
import { HeroActions } from '@/features/landing/components/hero';
import { NewsletterForm } from '@/features/landing/components/newsletter-form';
import { ServicesSection } from '@/features/landing/components/services-section';

/**
 * The interactive parts of the landing page, by the `data-island` name they carry in its markup
 * (see components/ui/island.tsx). Each is hydrated on its own by src/landing.tsx; every name in
 * the page must be here (landing-islands.test.tsx checks it).
 */
export const landingIslands: Record<string, ComponentType> = {
  'public-header': PublicHeader,
  'hero-actions': HeroActions,
  services: ServicesSection,
  newsletter: NewsletterForm,
  toaster: MarketingToaster,
  'offline-banner': OfflineBanner,
};
