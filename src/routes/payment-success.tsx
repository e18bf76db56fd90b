import { createFileRoute, Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { buttonClass } from '@/components/ui/button';

export const Route = createFileRoute('/payment-success')({
  component: PaymentSuccessPage,
});

function PaymentSuccessPage() {
  return (
    <MarketingLayout>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <CheckCircle2 aria-hidden className="size-14 text-brand-600" />
        <h1 className="text-2xl font-bold">Payment Successful!</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Your subscription has been activated. Thank you for your purchase!
        </p>
        <Link to="/dashboard" className={buttonClass('primary')}>
          Go to Dashboard
        </Link>
      </div>
    </MarketingLayout>
  );
}
