import { campaignCreate, type CampaignChannel, type CampaignCreate, type Segment } from '@contract/campaigns';
import type { FieldError, FieldErrors, Path, Resolver } from 'react-hook-form';
import { localInputToIso, scheduleProblem } from './schedule';

/*
 * The composer's inputs and the request body the contract checks. The form keeps every segment's
 * inputs at once (switching from Volunteers back to Members keeps the roles ticked), and the body is
 * made of the chosen one only.
 */

export type SegmentKind = Segment['kind'];
export type SendMode = 'now' | 'schedule';

export interface ComposerValues {
  name: string;
  subject: string;
  body: string;
  channels: CampaignChannel[];
  segmentKind: SegmentKind;
  /** Members: the roles ticked; none ticked is every member. */
  roles: string[];
  /** SUPER_ADMIN: the organisations named; none is every organisation. */
  ngoIds: string[];
  /** Volunteers with hours: the period (YYYY-MM-DD) and the minimum, as typed. */
  from: string;
  to: string;
  minHours: string;
  sendMode: SendMode;
  /** Schedule: a datetime-local value ('2026-12-01T09:00'). */
  sendAt: string;
}

export function newComposerValues(today: string): ComposerValues {
  return {
    name: '',
    subject: '',
    body: '',
    channels: ['email'],
    segmentKind: 'members',
    roles: [],
    ngoIds: [],
    // The year so far: the period a thank-you for volunteers' hours most often covers.
    from: `${today.slice(0, 4)}-01-01`,
    to: today,
    minHours: '1',
    sendMode: 'now',
    sendAt: '',
  };
}

/** Hours as typed ('2.5', '2,5'); blank is 0 (every volunteer with hours); NaN for anything else. */
export function typedHours(value: string): number {
  const trimmed = value.trim().replace(',', '.');
  if (!trimmed) return 0;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The segment the inputs stand for, as the contract reads it (not yet checked). */
export function segmentOf(
  values: Pick<ComposerValues, 'segmentKind' | 'roles' | 'ngoIds' | 'from' | 'to' | 'minHours'>,
) {
  switch (values.segmentKind) {
    case 'members':
      return { kind: 'members' as const, roles: values.roles, ngoIds: values.ngoIds };
    case 'volunteers_with_hours':
      return {
        kind: 'volunteers_with_hours' as const,
        from: values.from,
        to: values.to,
        minHours: typedHours(values.minHours),
        ngoIds: values.ngoIds,
      };
    case 'newsletter':
      return { kind: 'newsletter' as const };
  }
}

/** The request body the inputs stand for (not yet checked). 'Send now' sends `sendAt: null`. */
export function toCampaignInput(values: ComposerValues) {
  return {
    name: values.name,
    subject: values.subject,
    body: values.body,
    channels: values.channels,
    segment: segmentOf(values),
    sendAt: values.sendMode === 'schedule' ? (localInputToIso(values.sendAt) ?? values.sendAt) : null,
  };
}

/**
 * Where a body field's message shows in the form (a 400's `fields` are the body's paths, dot-joined).
 * In the form's order, so the first invalid input gets the focus.
 */
export const campaignServerFields = {
  name: 'name',
  subject: 'subject',
  body: 'body',
  channels: 'channels',
  segment: 'segmentKind',
  'segment.kind': 'segmentKind',
  'segment.roles': 'roles',
  'segment.ngoIds': 'ngoIds',
  'segment.from': 'from',
  'segment.to': 'to',
  'segment.minHours': 'minHours',
  sendAt: 'sendAt',
} as const satisfies Record<string, Path<ComposerValues>>;

/** The input of a body path: ['segment', 'roles', 0] → 'roles'; unknown paths go to the form's alert. */
export function inputOfPath(path: readonly PropertyKey[]): Path<ComposerValues> | 'root' {
  const fields: Record<string, Path<ComposerValues>> = campaignServerFields;
  for (let length = Math.min(path.length, 2); length > 0; length--) {
    const input = fields[path.slice(0, length).map(String).join('.')];
    if (input) return input;
  }
  return 'root';
}

/**
 * Validates with the contract's own schema (the server's rules and messages: unknown merge fields,
 * the SMS length, newsletter by email only), plus the scheduled time, which the server checks against
 * its own clock. The parsed body is what is sent.
 */
export function composerResolver(
  now: () => Date = () => new Date(),
): Resolver<ComposerValues, unknown, CampaignCreate> {
  return (values) => {
    const errors: Record<string, FieldError> = {};
    const put = (input: string, message: string) => {
      // One message per input, the first found (react-hook-form's own rule).
      errors[input] ??= { type: 'validate', message };
    };
    if (values.sendMode === 'schedule') {
      const problem = scheduleProblem(values.sendAt, now());
      if (problem) put('sendAt', problem);
    }
    const result = campaignCreate.safeParse(toCampaignInput(values));
    if (!result.success) for (const issue of result.error.issues) put(inputOfPath(issue.path), issue.message);
    if (!result.success || Object.keys(errors).length)
      return { values: {}, errors: errors as FieldErrors<ComposerValues> };
    return { values: result.data, errors: {} };
  };
}
