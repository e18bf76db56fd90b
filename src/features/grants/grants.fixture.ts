import type { GrantDetail, GrantSummary } from '@contract/grants';

/** A few grants with the shapes the listing has to cope with: lists with spaces, a rolling call, placeholders. */
export const grantsFixture: GrantSummary[] = [
  {
    id: 'g1',
    title: 'Clean Water for Rural Schools',
    category: 'Water & Sanitation',
    donorAgency: 'Blue Planet Water Alliance',
    grantSize: '$10,000 - $50,000',
    postDate: '2026-03-10',
    deadlineDate: '2026-06-30',
    imageUrl: 'funding-opportunity.png',
    country: ' South Sudan ,Kenya',
    areaOfInterest: 'Clean Water,  WASH in Schools ',
  },
  {
    id: 'g2',
    title: 'Maternal Health Innovation Fund',
    category: ' Health ',
    donorAgency: 'Global Health Equity Fund',
    grantSize: 'Up to $75,000',
    postDate: '2026-03-01',
    deadlineDate: null,
    imageUrl: 'https://images.example.org/maternal.png',
    country: 'Rwanda',
    areaOfInterest: 'Maternal Health',
  },
  {
    id: 'g3',
    title: 'Youth Skills Grants',
    category: 'Youth Empowerment',
    donorAgency: 'Kite Youth Foundation',
    grantSize: '€100,000 - €400,000',
    postDate: '2026-02-15',
    deadlineDate: '2026-04-01',
    imageUrl: null,
    country: 'KENYA, Uganda',
    areaOfInterest: 'Skills Training, Entrepreneurship',
  },
];

export const grantDetailFixture: GrantDetail = {
  ...grantsFixture[0]!,
  description: 'Boreholes and handwashing stations.\nTwo years of maintenance.',
  eligibility: 'Registered NGOs working in schools.',
  applicationUrl: 'https://example.org/apply',
  sourceUrl: 'https://example.org/source',
};
