import { createCauseBody, type CauseDetail, type CreateCauseBody } from '@contract/causes';
import { currencies, currencySchema, donationMaxMinor, type Currency } from '@contract/payments';
import { z } from 'zod';
import { isCalendarDate, todayCalendarDate } from '@/lib/calendar-date';
import { amountProblem, formatMoney, majorInputValue, parseMajorAmount } from './money';

/*
 * The cause form (create and edit). Text fields reuse the contract's own schemas, so the inline
 * messages are the server's; money is typed in major units ('5000 RWF') and becomes the contract's
 * integer minor units here.
 */

export const causeCurrencies = currencies;
export const MAX_SUGGESTED_AMOUNTS = 6;

const shape = createCauseBody.shape;

export const causeFormSchema = z
  .object({
    title: shape.title,
    story: z.string().trim().max(20_000, 'Story is too long (20000 characters at most).'),
    goal: z.string(),
    currency: currencySchema,
    imageUrl: z.string(),
    endDate: z.string(),
    suggestedAmounts: z.string(),
    status: z.enum(['published', 'draft']),
  })
  .superRefine((values, ctx) => {
    const goal = parseMajorAmount(values.goal, values.currency);
    if (!goal.ok)
      ctx.addIssue({
        code: 'custom',
        path: ['goal'],
        message: amountProblem('Goal', goal.reason, values.currency),
      });
    const image = shape.imageUrl.safeParse(values.imageUrl);
    if (!image.success)
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: image.error.issues[0]!.message });
    const endDate = shape.endDate.safeParse(values.endDate);
    if (!endDate.success)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: endDate.error.issues[0]!.message });
    const suggested = readSuggestedAmounts(values.suggestedAmounts, values.currency);
    if (!suggested.ok)
      ctx.addIssue({ code: 'custom', path: ['suggestedAmounts'], message: suggested.message });
  });

export type CauseFormValues = z.input<typeof causeFormSchema>;

/**
 * The form's schema for a cause whose saved end date is `savedEndDate` ('' for a new cause): a new
 * end date must not be in the past, while an ended cause keeps its date when other fields change.
 */
export const causeFormSchemaFor = (savedEndDate: string, today = todayCalendarDate()) =>
  causeFormSchema.superRefine((values, ctx) => {
    const endDate = values.endDate.trim();
    if (endDate && endDate !== savedEndDate && isCalendarDate(endDate) && endDate < today)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be today or later.' });
  });

type Suggested = { ok: true; minor: number[] } | { ok: false; message: string };

/** '1000, 5000 10000' → minor units: commas, semicolons or spaces separate the amounts. */
export function readSuggestedAmounts(text: string, currency: Currency): Suggested {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  const minor: number[] = [];
  for (const part of parts) {
    const parsed = parseMajorAmount(part, currency);
    if (!parsed.ok)
      return { ok: false, message: amountProblem(`Suggested amount '${part}'`, parsed.reason, currency) };
    if (parsed.minor > donationMaxMinor(currency))
      return {
        ok: false,
        message: `Suggested amounts can be at most ${formatMoney(donationMaxMinor(currency), currency)}.`,
      };
    minor.push(parsed.minor);
  }
  const distinct = [...new Set(minor)].sort((a, b) => a - b);
  if (distinct.length > MAX_SUGGESTED_AMOUNTS)
    return { ok: false, message: `At most ${MAX_SUGGESTED_AMOUNTS} suggested amounts.` };
  return { ok: true, minor: distinct };
}

/** The request body of POST /causes and PATCH /causes/{id} from valid form values. */
export function causeBodyFromForm(values: CauseFormValues): CreateCauseBody {
  const goal = parseMajorAmount(values.goal, values.currency);
  const suggested = readSuggestedAmounts(values.suggestedAmounts, values.currency);
  if (!goal.ok || !suggested.ok) throw new Error('causeBodyFromForm needs validated values');
  return {
    title: values.title.trim(),
    story: values.story.trim(),
    goalMinor: goal.minor,
    currency: values.currency,
    imageUrl: values.imageUrl.trim() || null,
    endDate: values.endDate.trim() || null,
    suggestedAmountsMinor: suggested.minor,
    status: values.status,
  };
}

export const emptyCauseForm = (): CauseFormValues => ({
  title: '',
  story: '',
  goal: '',
  currency: 'RWF',
  imageUrl: '',
  endDate: '',
  suggestedAmounts: '',
  status: 'draft',
});

export function causeFormFromDetail(cause: CauseDetail): CauseFormValues {
  return {
    title: cause.title,
    story: cause.story,
    goal: majorInputValue(cause.currency, cause.goalMinor),
    currency: cause.currency,
    imageUrl: cause.imageUrl ?? '',
    endDate: cause.endDate ?? '',
    suggestedAmounts: cause.suggestedAmountsMinor.map((m) => majorInputValue(cause.currency, m)).join(', '),
    status: cause.status,
  };
}

/** Where a field error of the server (named after the body) shows in this form. */
export const formFieldOfBodyField: Record<string, keyof CauseFormValues> = {
  title: 'title',
  story: 'story',
  goalMinor: 'goal',
  currency: 'currency',
  imageUrl: 'imageUrl',
  endDate: 'endDate',
  suggestedAmountsMinor: 'suggestedAmounts',
  status: 'status',
};
