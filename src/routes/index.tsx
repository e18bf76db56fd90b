import { createFileRoute } from '@tanstack/react-router';
import { useTrackVisit } from '@/features/landing/api/track-visit';
import { LandingPage } from '@/features/landing/components/landing-page';

export const Route = createFileRoute('/')({
  component: LandingRoute,
});

// The browser loads / through src/landing.tsx (islands); the router renders it only when the app
// navigates to / itself (an unknown path, or the dev server).
function LandingRoute() {
  // SPEC §4: one page view per landing page load.
  useTrackVisit();
  return <LandingPage />;
}
