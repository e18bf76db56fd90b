import { CAMPAIGN_SMS_MAX } from '@contract/campaigns';
import { cn } from '@/components/ui/cn';
import { formatCount } from '../format';
import { smsSize } from '../sms';

/**
 * Under the message when SMS is chosen: its length against the most a campaign's text may have,
 * and the parts it is sent (and billed) in. Counted on the template, as the server checks it; the
 * preview says each person's own length once the merge fields are filled in.
 */
export function SmsCounter({ id, text }: { id: string; text: string }) {
  const size = smsSize(text.trim());
  const over = size.characters - CAMPAIGN_SMS_MAX;
  return (
    <div id={id} className="flex flex-col gap-0.5 text-xs" data-testid="sms-counter">
      <p
        className={cn(
          'font-medium',
          over > 0 ? 'text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300',
        )}
      >
        SMS: {formatCount(size.characters)} / {formatCount(CAMPAIGN_SMS_MAX)} characters ·{' '}
        {size.parts === 1 ? '1 part' : `${size.parts} parts`}
        {over > 0 && ` · ${formatCount(over)} too many`}
      </p>
      <p className="text-slate-600 dark:text-slate-400">
        {size.encoding === 'gsm'
          ? 'One part holds 160 characters; a longer message goes in parts of 153.'
          : 'It has characters outside the SMS alphabet (an emoji, curly quotes…): one part holds 70, a longer message goes in parts of 67.'}
      </p>
    </div>
  );
}
