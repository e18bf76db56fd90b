/**
 * Each public page's <title>: written into the prerendered pages at build (scripts/prerender.ts, which
 * imports this file directly, so it has no imports of its own) and set on client-side navigation
 * (src/lib/document-title.ts).
 */
export const siteTitle = 'NGO Portal';

export const titled = (name: string) => `${name} · ${siteTitle}`;

export const publicPageTitles: Record<string, string> = {
  '/': 'NGO Portal: the all-in-one platform for nonprofits',
  '/pricing': titled('Pricing'),
  '/contact': titled('Contact us'),
  '/help-center': titled('Help Center'),
  '/documentation': titled('Documentation'),
  '/api': titled('API reference'),
  '/privacy-policy': titled('Privacy Policy'),
  '/terms-of-service': titled('Terms of Service'),
  '/public-grants': titled('Latest Grants'),
  '/public-blogs': titled('Latest Blogs'),
  '/signin': titled('Sign in'),
  '/signup': titled('Create your account'),
  '/forgot-password': titled('Forgot your password?'),
  '/reset-password': titled('Reset your password'),
  '/verify-email': titled('Verify your email'),
  '/accept-invite': titled('Accept your invitation'),
  '/payment-success': titled('Payment Successful'),
  '/cause-embed': titled('Support this cause'),
  // /verify/{code}: every code is its own page, titled by this prefix (lib/document-title.ts).
  '/verify': titled('Verify a document'),
};
