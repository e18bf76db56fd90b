import { audienceQuery, type AudienceQuery, type CampaignCreate } from '@contract/campaigns';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useAudience } from './api/get-audience';
import { segmentOf, type ComposerValues } from './composer-form';
import { useDebouncedValue } from './use-debounced-value';

/** The segment's inputs settle this long before their audience is asked (a tick per role otherwise). */
export const AUDIENCE_DEBOUNCE_MS = 400;

/**
 * The audience of what the composer's segment and channels say now: asked once the choice has
 * settled, and only when it is complete (a period ending before it starts is said, not asked).
 */
export function useComposerAudience(control: Control<ComposerValues, unknown, CampaignCreate>) {
  const [segmentKind, roles, ngoIds, from, to, minHours, channels] = useWatch({
    control,
    name: ['segmentKind', 'roles', 'ngoIds', 'from', 'to', 'minHours', 'channels'],
  });
  const candidate = useMemo(() => {
    const parsed = audienceQuery.safeParse({
      segment: segmentOf({ segmentKind, roles, ngoIds, from, to, minHours }),
      channels,
    });
    return parsed.success
      ? { key: JSON.stringify(parsed.data), problem: null }
      : { key: null, problem: parsed.error.issues[0]?.message ?? 'Choose who receives it.' };
  }, [segmentKind, roles, ngoIds, from, to, minHours, channels]);
  // A JSON key: equal choices are one value, so re-ticking the same role asks nothing.
  const settledKey = useDebouncedValue(candidate.key, AUDIENCE_DEBOUNCE_MS);
  const query = useMemo(
    () => (candidate.key !== null && settledKey ? (JSON.parse(settledKey) as AudienceQuery) : null),
    [candidate.key, settledKey],
  );
  const audience = useAudience(query);
  return {
    /** The segment and channels the shown audience answers; null while there is nothing to ask. */
    query,
    audience,
    /** Why the choice cannot be counted yet, in the contract's words. */
    problem: candidate.problem,
    /** The choice changed and its count is on its way. */
    updating: candidate.key !== settledKey || audience.isFetching,
  };
}

/** Messages a campaign would send: a recipient per person and channel. */
export const recipientsOf = (byChannel: Partial<Record<string, number>>, channels: readonly string[]) =>
  channels.reduce((sum, channel) => sum + (byChannel[channel] ?? 0), 0);
