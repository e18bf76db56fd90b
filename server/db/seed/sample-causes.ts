import { count, eq } from 'drizzle-orm';
import type { DbExecutor } from '..';
import { causes, donations } from '../schema';
import { newId } from '../../services/ids';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Two published causes with a handful of donations, so /causes and the embed have something to show. */
function buildSampleCauses(now: Date) {
  return [
    {
      title: 'Clean water for Nyamata schools',
      story:
        'Three primary schools near Nyamata share one borehole that fails every dry season. ' +
        'Your gift pays for rainwater tanks and filters, and for training pupils to maintain them.',
      goalMinor: 12_000_000,
      currency: 'RWF',
      imageUrl: null,
      endDate: isoDay(new Date(now.getTime() + 90 * DAY_MS)),
      suggestedAmountsMinor: [5_000, 10_000, 25_000, 50_000],
      donations: [
        { donorName: 'Aline M.', amountMinor: 50_000, anonymous: false, daysAgo: 12 },
        { donorName: null, amountMinor: 10_000, anonymous: true, daysAgo: 9 },
        { donorName: 'Jean-Paul K.', amountMinor: 25_000, anonymous: false, daysAgo: 4 },
        { donorName: 'Diane', amountMinor: 5_000, anonymous: false, daysAgo: 1 },
      ],
    },
    {
      title: 'School meals for 300 pupils',
      story:
        'A hot lunch keeps children in class. One month of meals for a pupil costs less than a coffee a week.',
      goalMinor: 500_000,
      currency: 'USD',
      imageUrl: null,
      endDate: null,
      suggestedAmountsMinor: [1_000, 2_500, 5_000],
      donations: [
        { donorName: 'Hope Bridge Board', amountMinor: 20_000, anonymous: false, daysAgo: 20 },
        { donorName: 'Sarah', amountMinor: 2_500, anonymous: true, daysAgo: 3 },
      ],
    },
  ];
}

/**
 * Adds the sample causes to the demo NGO when it has no cause at all, so an install seeded before
 * causes existed gets them once, and an NGO that already has causes is never touched.
 */
export async function seedSampleCauses(tx: DbExecutor, ngoId: string, now: Date): Promise<boolean> {
  const [existing] = await tx.select({ n: count() }).from(causes).where(eq(causes.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  for (const sample of buildSampleCauses(now)) {
    const { donations: gifts, ...fields } = sample;
    const causeId = newId();
    await tx.insert(causes).values({
      id: causeId,
      ngoId,
      ...fields,
      status: 'published',
      isSample: true,
      raisedMinor: gifts.reduce((sum, g) => sum + g.amountMinor, 0),
      donorCount: gifts.length,
      createdAt: new Date(now.getTime() - 30 * DAY_MS),
      updatedAt: now,
    });
    await tx.insert(donations).values(
      gifts.map((g, i) => ({
        id: newId(),
        // Same DON-{causeId}-{nonce} shape as real ones; 'seed' nonces never collide with hex ones.
        txRef: `DON-${causeId}-seed${i}`,
        causeId,
        ngoId,
        amountMinor: g.amountMinor,
        currency: fields.currency,
        donorName: g.donorName,
        anonymous: g.anonymous,
        isSample: true,
        createdAt: new Date(now.getTime() - g.daysAgo * DAY_MS),
      })),
    );
  }
  return true;
}
