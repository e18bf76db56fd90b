import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { ContactScreen } from '@/features/contact/components/contact-screen';

export const Route = createFileRoute('/contact')({
  head: () => ({ meta: [{ title: 'Contact us | NGO Portal' }] }),
  component: ContactPage,
});

function ContactPage() {
  return (
    <MarketingLayout>
      <ContactScreen />
    </MarketingLayout>
  );
}
