import { planById } from '@contract/plans';

/**
 * Every marketing claim and constant of the public site, in one place (SPEC §1, §9). Changing a
 * claim means editing this file only. Both trial claims (14-day and 30-day) are kept as the spec
 * states them, although they disagree.
 */

export const stats = [
  { value: '500+', label: 'Organisations' },
  { value: '40%', label: 'Average time saved' },
  { value: '95%', label: 'Satisfaction' },
  { value: '32', label: 'Countries' },
] as const;

export const trustedByLine = 'Trusted by 500+ nonprofits and NGOs worldwide';

export interface Feature {
  id: string;
  title: string;
  summary: string;
  /** Shown in the 'Learn more' dialog. */
  details: string[];
}

export const features: Feature[] = [
  {
    id: 'impact-reporting',
    title: 'Impact Reporting & Analysis',
    summary: 'Turn field data into clear reports for donors and boards.',
    details: [
      'Build monthly, quarterly and annual impact reports from the data your teams already collect, with charts that update as new responses arrive.',
      'Compare programmes, regions and periods side by side, and export donor-ready PDFs in your own branding.',
    ],
  },
  {
    id: 'ai-insights',
    title: 'AI Insights',
    summary: 'Spot trends and risks in your programmes before they grow.',
    details: [
      'Ask questions about your data in plain language and get summaries, trends and anomalies explained.',
      'Insights always link back to the records behind them, so every figure can be checked.',
    ],
  },
  {
    id: 'cloud-storage',
    title: 'Secure Cloud Storage',
    summary: 'Keep documents, photos and reports safe and shareable.',
    details: [
      'Store grant agreements, receipts, field photos and reports in one place, organised by programme.',
      'Files are encrypted in transit and at rest, and each team member sees only what their role allows.',
    ],
  },
  {
    id: 'fundraising',
    title: 'Fundraising & Donation Campaigns',
    summary: 'Run causes and accept card and mobile-money donations.',
    details: [
      'Create a cause page with a story, a goal and suggested amounts in minutes, then share it or embed it on your own website.',
      'Donors pay by card or mobile money; every donation is verified and shows on the progress bar at once.',
    ],
  },
  {
    id: 'social-media',
    title: 'Social Media Management',
    summary: 'Plan and publish your updates from one calendar.',
    details: [
      'Draft posts with your team, schedule them across your channels and keep a record of what went out.',
      'Reuse impact stories and report highlights as ready-made posts.',
    ],
  },
  {
    id: 'people',
    title: 'Staff & Volunteer Management',
    summary: 'Assign tasks, approve hours and issue certificates.',
    details: [
      'Invite staff and volunteers with the right role, assign tasks and follow activity reports from the field.',
      'Approve volunteer hours and issue certificates and letters in a click.',
    ],
  },
  {
    id: 'ai-models',
    title: 'Access to AI Models',
    summary: 'Use leading AI models for writing, translation and analysis.',
    details: [
      'Draft proposals, policies and reports with an assistant that knows your organisation’s context.',
      'Usage is metered per organisation, so costs stay predictable.',
    ],
  },
  {
    id: 'grants-database',
    title: 'Grants Database',
    summary: 'Find funding that matches your mission and region.',
    details: [
      'Browse current grant opportunities filtered by country, area of interest, category and dates.',
      'Listings you have opened stay readable offline, so you can review them where there is no signal.',
    ],
  },
  {
    id: 'data-collection',
    title: 'Data Collection',
    summary: 'Build forms and collect responses, even offline.',
    details: [
      'Design surveys and registration forms with a drag-free builder and share them with a public link.',
      'Field volunteers can fill forms without a connection; responses are sent once they are back online, never lost.',
    ],
  },
];

export const testimonials = [
  {
    quote:
      'We used to spend a week on every donor report. Now our programme officers pull the figures in an afternoon.',
    name: 'Aline Mukamana',
    role: 'Programme Director, Umurage Youth Initiative, Kigali',
  },
  {
    quote:
      'Our volunteers collect data in villages with no signal at all. Nothing gets lost, it simply syncs when they are back in town.',
    name: 'Joseph Otieno',
    role: 'Field Coordinator, Lake Region Health Trust, Kisumu',
  },
  {
    quote:
      'The grants database alone paid for the time we invested: we found two funders we had never heard of.',
    name: 'Sarah Whitfield',
    role: 'Development Manager, Open Doors Learning, London',
  },
] as const;

const starter = planById('starter')!;

/** The one plan shown on the landing page; its limits come from the shared plan catalogue. */
export const starterPlan = {
  name: starter.name,
  price: '$0',
  period: 'per month',
  benefits: [
    `${starter.limits.members} team members`,
    'Basic reporting',
    `${starter.limits.storageGb}GB storage`,
    'Email support',
  ],
  claims: ['No credit card required', '14-day trial', 'Cancel anytime'],
  cta: { label: 'Start Free Trial', to: '/signup' },
} as const;

/** The separate call to action with the 30-day claim (SPEC §1 keeps both trial claims). */
export const trialCallToAction = {
  heading: 'Start your free 30-day trial',
  text: 'Set up your organisation in minutes. Invite your team, collect data and find grants from day one.',
  cta: { label: 'Get Started for Free', to: '/signup' },
} as const;

export const contact = {
  offices: [
    { city: 'London', address: ['71-75 Shelton Street', 'Covent Garden, London WC2H 9JQ', 'United Kingdom'] },
    { city: 'Kigali', address: ['KG 7 Avenue, Kacyiru', 'Kigali', 'Rwanda'] },
  ],
  emails: ['info@ngoportal.example', 'hello@ngoportal.example'],
  phone: { display: '+44 20 3000 0500', href: 'tel:+442030000500' },
  hours: [
    { days: 'Monday to Friday', time: '9:00-18:00' },
    { days: 'Saturday', time: '10:00-14:00' },
  ],
} as const;

/** Eight sponsors drawn as our own SVG artwork in public/sponsors; none is a real trademark. */
export const sponsors = [
  { name: 'Horizon Aid', logo: '/sponsors/horizon-aid.svg' },
  { name: 'Green Valley Trust', logo: '/sponsors/green-valley-trust.svg' },
  { name: 'Bright Futures Fund', logo: '/sponsors/bright-futures-fund.svg' },
  { name: 'Unity Foundation', logo: '/sponsors/unity-foundation.svg' },
  { name: 'Clear Water Alliance', logo: '/sponsors/clear-water-alliance.svg' },
  { name: 'Open Learning Network', logo: '/sponsors/open-learning-network.svg' },
  { name: 'Harvest Partners', logo: '/sponsors/harvest-partners.svg' },
  { name: 'Kindred Health', logo: '/sponsors/kindred-health.svg' },
] as const;

/** Placeholders, as the spec says: no real accounts behind them yet. */
export const socialLinks = [
  { name: 'facebook', label: 'Facebook', href: '#' },
  { name: 'twitter', label: 'Twitter', href: '#' },
  { name: 'linkedin', label: 'LinkedIn', href: '#' },
  { name: 'github', label: 'GitHub', href: '#' },
] as const;

export type PublicNavEntry =
  { label: string; kind: 'anchor'; target: string } | { label: string; kind: 'route'; to: string };

/** SPEC §2 public header, in order; the desktop bar leaves out Testimonials. */
export const publicNav: PublicNavEntry[] = [
  { label: 'Services', kind: 'anchor', target: 'services' },
  { label: 'About', kind: 'anchor', target: 'about' },
  { label: 'Grants', kind: 'route', to: '/public-grants' },
  { label: 'Blog', kind: 'route', to: '/public-blogs' },
  { label: 'Pricing', kind: 'route', to: '/pricing' },
  { label: 'Testimonials', kind: 'anchor', target: 'testimonials' },
  { label: 'Contact', kind: 'anchor', target: 'contact' },
];
export const desktopNav = publicNav.filter((e) => e.label !== 'Testimonials');

/** Footer columns (SPEC §2 'Other links'). Anchors go to / and scroll when used from another page. */
export const footerColumns: { heading: string; links: PublicNavEntry[] }[] = [
  {
    heading: 'Product',
    links: [
      { label: 'Services', kind: 'anchor', target: 'services' },
      { label: 'Pricing', kind: 'route', to: '/pricing' },
      { label: 'Latest Grants', kind: 'route', to: '/public-grants' },
      { label: 'Latest Blogs', kind: 'route', to: '/public-blogs' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About', kind: 'anchor', target: 'about' },
      { label: 'Testimonials', kind: 'anchor', target: 'testimonials' },
      { label: 'Contact', kind: 'anchor', target: 'contact' },
      { label: 'Get Started', kind: 'anchor', target: 'get-started' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Help Center', kind: 'route', to: '/help-center' },
      { label: 'Documentation', kind: 'route', to: '/documentation' },
      { label: 'API', kind: 'route', to: '/api' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy Policy', kind: 'route', to: '/privacy-policy' },
      { label: 'Terms of Service', kind: 'route', to: '/terms-of-service' },
    ],
  },
];
