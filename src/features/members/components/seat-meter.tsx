import { seatsUsed, type MemberSeats } from '@contract/members';
import { Link } from '@tanstack/react-router';
import { cn } from '@/components/ui/cn';

/** At this share of the plan's member limit the meter warns. */
const WARN_AT = 0.8;

export const seatsFull = (seats: MemberSeats) => seatsUsed(seats.active, seats.pendingInvites) >= seats.limit;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The plan's member limit as a bar and in words, pending invitations counted (they hold a seat
 * until accepted, revoked or expired): amber with a note from 80 %, and when full, what frees a seat
 * and where the plan is changed.
 */
export function SeatMeter({ seats }: { seats: MemberSeats }) {
  const used = seatsUsed(seats.active, seats.pendingInvites);
  const share = seats.limit > 0 ? Math.min(used / seats.limit, 1) : 1;
  const full = used >= seats.limit;
  const warn = share >= WARN_AT;
  const words = `${used} of ${seats.limit} members`;
  const left = Math.max(seats.limit - used, 0);
  return (
    <div className="flex w-full flex-col gap-1 sm:max-w-sm" data-testid="seat-meter">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium">
          {words}{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">({seats.planName} plan)</span>
        </span>
      </div>
      <div
        role="meter"
        aria-label="Member seats used"
        aria-valuemin={0}
        aria-valuemax={seats.limit}
        aria-valuenow={Math.min(used, seats.limit)}
        aria-valuetext={`${words}, ${seats.planName} plan`}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={cn('h-full rounded-full', full ? 'bg-red-600' : warn ? 'bg-amber-500' : 'bg-brand-600')}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {plural(seats.active, 'active member', 'active members')}
        {seats.pendingInvites > 0 &&
          `, ${plural(seats.pendingInvites, 'pending invitation', 'pending invitations')}`}
      </p>
      {full ? (
        <p className="text-sm text-red-700 dark:text-red-300">
          Every seat of the {seats.planName} plan is taken. To invite more people, choose a bigger plan in{' '}
          <Link to="/settings" className="font-semibold underline underline-offset-2">
            Account Settings
          </Link>
          , revoke a pending invitation or deactivate a member.
        </p>
      ) : (
        warn && (
          <p className="text-sm text-amber-800 dark:text-amber-300">
            {plural(left, 'seat', 'seats')} left on the {seats.planName} plan. Bigger plans are in{' '}
            <Link to="/settings" className="font-semibold underline underline-offset-2">
              Account Settings
            </Link>
            .
          </p>
        )
      )}
    </div>
  );
}
