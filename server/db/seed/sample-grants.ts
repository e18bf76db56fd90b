import type { grants } from '../schema';
import { createRng, utcDay, type Rng } from './prng';

export type SampleGrant = Omit<typeof grants.$inferInsert, 'id' | 'createdAt'>;

interface Category {
  name: string;
  titles: string[];
  areas: string[];
  /** Completes "… working to <focus>". */
  focus: string;
  donors: string[];
}

const categories: Category[] = [
  {
    name: 'Health',
    titles: [
      'Community Health Worker Strengthening Grant',
      'Maternal and Newborn Health Innovation Fund',
      'Primary Health Care Access Challenge',
      'Mental Health and Psychosocial Support Grants',
      'Malaria Prevention Community Grants',
      'Nutrition for the First 1,000 Days Programme',
      'Disability Inclusion in Health Services Grants',
    ],
    areas: [
      'Maternal Health',
      'Community Health',
      'Mental Health',
      'Nutrition',
      'Malaria',
      'HIV/AIDS',
      'Primary Care',
    ],
    focus: 'improve access to quality, affordable health services for underserved communities',
    donors: [
      'Global Health Equity Fund',
      'Wellspring Health Foundation',
      'Nordic Partnership for Development',
    ],
  },
  {
    name: 'Education',
    titles: [
      'Foundational Literacy and Numeracy Grants',
      "Girls' Secondary Education Fund",
      'Teacher Professional Development Awards',
      'Digital Learning for Rural Schools',
      'Early Childhood Development Grants',
      'Inclusive Education Small Grants',
      'Vocational Training Partnerships Fund',
    ],
    areas: [
      'Literacy',
      'Early Childhood',
      'Teacher Training',
      'Digital Learning',
      'Inclusive Education',
      "Girls' Education",
    ],
    focus: 'keep children in school and make sure they learn while they are there',
    donors: ['Lumen Education Trust', 'Bright Minds Foundation', 'Commonwealth Partners for Change'],
  },
  {
    name: 'Agriculture',
    titles: [
      'Smallholder Farmer Resilience Grants',
      'Climate-Smart Agriculture Challenge Fund',
      'Women in Agribusiness Seed Fund',
      'Post-Harvest Loss Reduction Grants',
      'Farmer Cooperatives Market Access Programme',
    ],
    areas: [
      'Smallholder Farming',
      'Food Security',
      'Agribusiness',
      'Value Chains',
      'Irrigation',
      'Post-Harvest',
    ],
    focus: 'raise the incomes and food security of smallholder farming households',
    donors: ['Evergreen Agriculture Fund', 'Harvest Futures Foundation', 'Great Lakes Development Trust'],
  },
  {
    name: 'Climate',
    titles: [
      'Community-Led Climate Adaptation Fund',
      'Clean Energy Access Micro-Grants',
      'Locally Led Resilience Grants',
      'Urban Heat and Flood Preparedness Awards',
      'Clean Cooking Transition Fund',
      'Youth Climate Action Grants',
    ],
    areas: [
      'Climate Adaptation',
      'Renewable Energy',
      'Disaster Risk Reduction',
      'Clean Cooking',
      'Resilience',
    ],
    focus: 'help communities adapt to a changing climate and move to clean energy',
    donors: ['Aurora Climate Foundation', 'Sahel Resilience Initiative', 'Green Horizon Trust'],
  },
  {
    name: 'Human Rights',
    titles: [
      'Civic Space and Human Rights Defenders Fund',
      'Access to Justice Small Grants',
      'Digital Rights and Freedom of Expression Grants',
      'Refugee and Migrant Rights Programme',
      'Disability Rights Advocacy Grants',
    ],
    areas: [
      'Access to Justice',
      'Civic Space',
      'Refugee Rights',
      'Disability Rights',
      'Digital Rights',
      'Advocacy',
    ],
    focus: 'protect civic space and defend the rights of marginalised people',
    donors: ['Meridian Rights Fund', 'Open Horizons Society Fund', 'Umoja Philanthropy Network'],
  },
  {
    name: 'Water & Sanitation',
    titles: [
      'Rural Water Supply Grants',
      'WASH in Schools Programme',
      'Sanitation Market Shaping Fund',
      'Menstrual Hygiene Management Grants',
      'Safe Water for Health Facilities Challenge',
    ],
    areas: ['Clean Water', 'Sanitation', 'Hygiene', 'WASH in Schools', 'Menstrual Hygiene'],
    focus: 'bring safe water, sanitation and hygiene to households, schools and clinics',
    donors: ['Blue Planet Water Alliance', 'Clearwater Foundation', 'Great Lakes Development Trust'],
  },
  {
    name: 'Gender Equality',
    titles: [
      "Women's Economic Empowerment Fund",
      'Ending Gender-Based Violence Grants',
      "Women's Leadership and Participation Awards",
      'Feminist Movement Building Fund',
      'Adolescent Girls Empowerment Grants',
    ],
    areas: [
      "Women's Rights",
      'Gender-Based Violence',
      "Women's Leadership",
      'Economic Empowerment',
      'Adolescent Girls',
    ],
    focus: 'advance the rights, safety and economic power of women and girls',
    donors: ['Equal Futures Foundation', 'Sisterhood Solidarity Fund', 'Nordic Partnership for Development'],
  },
  {
    name: 'Youth Empowerment',
    titles: [
      'Youth Employability and Skills Grants',
      'Young Social Entrepreneurs Fund',
      'Youth Civic Engagement Awards',
      'Sport for Development Grants',
    ],
    areas: [
      'Youth Employment',
      'Skills Training',
      'Entrepreneurship',
      'Civic Engagement',
      'Sport for Development',
    ],
    focus: 'open pathways to decent work and leadership for young people',
    donors: ['Kite Youth Foundation', 'Pan-African Innovation Fund', 'Harambee Community Foundation'],
  },
  {
    name: 'Child Protection',
    titles: [
      'Child Safeguarding Systems Grants',
      'Family-Based Care Transition Fund',
      'Ending Child Labour Community Grants',
      'Birth Registration Initiative',
    ],
    areas: ['Child Protection', 'Family Strengthening', 'Child Labour', 'Safeguarding', 'Birth Registration'],
    focus: 'keep children safe, in family care and free from exploitation',
    donors: ['Safe Childhood Alliance', 'Riverstone Family Foundation', 'Umoja Philanthropy Network'],
  },
  {
    name: 'Humanitarian Relief',
    titles: [
      'Emergency Response Rapid Grants',
      'Refugee Hosting Communities Fund',
      'Cash and Voucher Assistance Pilot Grants',
      'Anticipatory Action Fund',
    ],
    areas: ['Emergency Response', 'Displacement', 'Cash Assistance', 'Shelter', 'Anticipatory Action'],
    focus: 'reach people affected by crises quickly, with dignity and in coordination with local actors',
    donors: ['Atlas Humanitarian Fund', 'Commonwealth Partners for Change', 'Sahel Resilience Initiative'],
  },
  {
    name: 'Livelihoods',
    titles: [
      'Savings Groups and Financial Inclusion Grants',
      'Micro-Enterprise Recovery Fund',
      'Green Jobs for Youth Challenge',
      'Artisan Cooperatives Market Grants',
    ],
    areas: ['Financial Inclusion', 'Micro-Enterprise', 'Green Jobs', 'Savings Groups', 'Cooperatives'],
    focus: 'help low-income households build savings, businesses and steady incomes',
    donors: ['Baobab Impact Fund', 'Harambee Community Foundation', 'Riverstone Family Foundation'],
  },
  {
    name: 'Technology & Innovation',
    titles: [
      'Digital Public Goods for Development Grants',
      'Data for Impact Capacity Grants',
      'Mobile Health Innovation Awards',
      'Open Data and Civic Tech Fund',
    ],
    areas: ['Digital Innovation', 'Data Systems', 'Mobile Technology', 'Civic Tech', 'AI for Good'],
    focus: 'put open, affordable technology and data to work for social impact',
    donors: ['Northstar Digital Futures Fund', 'Pan-African Innovation Fund', 'Lumen Education Trust'],
  },
  {
    name: 'Biodiversity & Conservation',
    titles: [
      'Community Forest Stewardship Grants',
      'Wetlands and Watershed Restoration Fund',
      'Human-Wildlife Coexistence Grants',
      'Marine and Coastal Livelihoods Fund',
    ],
    areas: ['Conservation', 'Reforestation', 'Wildlife', 'Watersheds', 'Marine Ecosystems'],
    focus: 'restore ecosystems while improving the livelihoods of the people who depend on them',
    donors: ['Green Horizon Trust', 'Aurora Climate Foundation', 'Evergreen Agriculture Fund'],
  },
];

const generalDonors = [
  'Great Lakes Development Trust',
  'Umoja Philanthropy Network',
  'Commonwealth Partners for Change',
  'Riverstone Family Foundation',
  'Nordic Partnership for Development',
  'Baobab Impact Fund',
];

// East Africa is weighted up: the demo organisation works from Kigali.
const countryLists = [
  'Rwanda',
  'Rwanda',
  'Kenya',
  'Uganda',
  'Tanzania',
  'Rwanda, Kenya, Uganda',
  'Rwanda, Burundi, DR Congo',
  'Kenya, Tanzania, Uganda, Rwanda, Burundi',
  'Ethiopia',
  'Nigeria, Ghana',
  'Senegal, Mali, Burkina Faso',
  'Malawi, Zambia, Mozambique',
  'South Africa',
  'Sierra Leone, Liberia',
  'India, Bangladesh, Nepal',
  'Philippines',
  'Guatemala, Honduras',
  'Peru, Colombia',
  'Global',
];

const grantSizes = [
  '$5,000 - $25,000',
  '$10,000 - $50,000',
  '$25,000 - $100,000',
  '$50,000 - $250,000',
  '$100,000 - $500,000',
  'Up to $30,000',
  'Up to $75,000',
  '€20,000 - €80,000',
  '€100,000 - €400,000',
  '£10,000 - £40,000',
  '$500,000 - $1,000,000',
];

const applicants = [
  'registered non-profit organisations',
  'community-based organisations',
  'local NGOs and social enterprises',
  'civil society organisations and networks',
  'grassroots groups with a fiscal sponsor',
];

const approaches = [
  'Proposals should show how the communities served took part in designing the project and how results will be measured.',
  'Priority goes to locally led projects with a clear plan to sustain results after the grant period.',
  'The fund favours approaches that can be scaled through government systems or partner networks.',
  'Successful applicants join a peer-learning cohort and receive tailored support on monitoring and evaluation.',
  'Projects that reach people with disabilities, refugees or remote rural communities are especially welcome.',
];

const durations = ['12 months', '18 months', '24 months', 'up to 36 months', '6 to 12 months'];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const joinWithAnd = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

function countryPhrase(list: string): string {
  return list === 'Global' ? 'any low- or middle-income country' : joinWithAnd(list.split(', '));
}

function eligibility(rng: Rng, country: string, area: string): string {
  const where = country === 'Global' ? 'in a low- or middle-income country' : `in ${countryPhrase(country)}`;
  const years = rng.int(1, 3);
  const audits = rng.int(1, 2);
  const extras = [
    'Partnerships with local government or other organisations are encouraged but not required.',
    'Organisations led by women or young people are strongly encouraged to apply.',
    'Applicants may submit one proposal per funding round.',
    'Co-funding of at least 10% of the budget, in cash or in kind, is expected.',
  ];
  return (
    `Open to non-profit organisations, community-based organisations and social enterprises legally registered ${where}. ` +
    `Applicants need at least ${years} year${years > 1 ? 's' : ''} of operational experience in ${area}, ` +
    `audited financial statements for the last ${audits} year${audits > 1 ? 's' : ''} and a safeguarding policy. ` +
    rng.pick(extras)
  );
}

/** Which of the seeding date's windows a sample grant's deadline falls into; spread by index. */
function deadlineKind(i: number): 'past' | 'soon' | 'rolling' | 'future' {
  if (i % 8 === 0) return 'past';
  if (i % 8 === 3) return 'soon';
  if (i % 16 === 5) return 'rolling';
  return 'future';
}

/**
 * The sample grant catalogue, the same for a given seeding day: dates are relative to `today`
 * (some deadlines passed, several within two weeks, most later, a few rolling).
 */
export function buildSampleGrants(today: Date): SampleGrant[] {
  const rng = createRng(20_260_115);
  const entries = categories.flatMap((category) => category.titles.map((title) => ({ category, title })));
  // Interleave categories so neighbouring rows (and deadline windows) are not all one category.
  const ordered = [...entries].sort((a, b) => {
    const ia = a.category.titles.indexOf(a.title);
    const ib = b.category.titles.indexOf(b.title);
    return ia - ib || categories.indexOf(a.category) - categories.indexOf(b.category);
  });

  return ordered.map(({ category, title }, i) => {
    const kind = deadlineKind(i);
    let postDaysAgo: number;
    let deadline: string | null;
    switch (kind) {
      case 'past':
        postDaysAgo = rng.int(60, 300);
        deadline = utcDay(today, -rng.int(1, 40));
        break;
      case 'soon':
        postDaysAgo = rng.int(20, 140);
        deadline = utcDay(today, rng.int(1, 13));
        break;
      case 'rolling':
        postDaysAgo = rng.int(5, 300);
        deadline = null;
        break;
      default:
        postDaysAgo = i % 8 === 6 ? rng.int(0, 28) : rng.int(0, 300);
        deadline = utcDay(today, rng.int(15, 200));
    }
    const postDate = utcDay(today, -postDaysAgo);
    const donorAgency = rng.next() < 0.3 ? rng.pick(generalDonors) : rng.pick(category.donors);
    const country = rng.pick(countryLists);
    const areas = rng.pickSome(category.areas, rng.int(1, 3));
    const fullTitle = rng.next() < 0.3 ? `${title} ${postDate.slice(0, 4)}` : title;
    const description =
      `${donorAgency} invites proposals from ${rng.pick(applicants)} working to ${category.focus} ` +
      `in ${countryPhrase(country)}. Funded projects run for ${rng.pick(durations)} and focus on ` +
      `${joinWithAnd(areas)}. ${rng.pick(approaches)}`;
    return {
      title: fullTitle,
      category: category.name,
      donorAgency,
      grantSize: rng.pick(grantSizes),
      postDate,
      deadlineDate: deadline,
      imageUrl: rng.next() < 0.5 ? 'funding-opportunity.png' : null,
      country,
      areaOfInterest: areas.join(', '),
      description,
      eligibility: eligibility(rng, country, areas[0] ?? category.name),
      applicationUrl: `https://example.org/grants/${slug(fullTitle)}/apply`,
      sourceUrl: `https://example.org/funders/${slug(donorAgency)}`,
      isSample: true,
    };
  });
}

const bulkTitleSuffixes = ['', '', '', ' 2025', ' 2026', ' (Round 2)', ' for Local Partners', ': Phase II'];

/**
 * `count` varied grants for load tests (`npm run bench:api`): the catalogue's categories, titles,
 * donors, countries, areas and sizes in random combinations, posted over the last two years, with
 * the same country weighting as the demo catalogue. The same for a given day and seed. Not used by
 * the demo seed.
 */
export function buildBulkGrants(count: number, today: Date, seed = 20_260_401): SampleGrant[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const category = rng.pick(categories);
    const title = `${rng.pick(category.titles)}${rng.pick(bulkTitleSuffixes)}`;
    const postDaysAgo = rng.int(0, 730);
    const postDate = utcDay(today, -postDaysAgo);
    // Some calls are rolling; the others close two weeks to eight months after posting.
    const deadline = deadlineKind(i) === 'rolling' ? null : utcDay(today, rng.int(14, 240) - postDaysAgo);
    const donorAgency = rng.next() < 0.3 ? rng.pick(generalDonors) : rng.pick(category.donors);
    const country = rng.pick(countryLists);
    const areas = rng.pickSome(category.areas, rng.int(1, 3));
    return {
      title,
      category: category.name,
      donorAgency,
      grantSize: rng.pick(grantSizes),
      postDate,
      deadlineDate: deadline,
      imageUrl: rng.next() < 0.5 ? 'funding-opportunity.png' : null,
      country,
      areaOfInterest: areas.join(', '),
      description:
        `${donorAgency} invites proposals from ${rng.pick(applicants)} working to ${category.focus} ` +
        `in ${countryPhrase(country)}. Funded projects run for ${rng.pick(durations)} and focus on ` +
        `${joinWithAnd(areas)}. ${rng.pick(approaches)}`,
      eligibility: eligibility(rng, country, areas[0] ?? category.name),
      applicationUrl: `https://example.org/grants/${slug(title)}-${i}/apply`,
      sourceUrl: `https://example.org/funders/${slug(donorAgency)}`,
      isSample: true,
    };
  });
}
