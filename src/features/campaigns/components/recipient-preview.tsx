import {
  renderMerge,
  unknownMergeFields,
  type AudienceMember,
  type CampaignChannel,
} from '@contract/campaigns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '../format';
import { smsSize } from '../sms';

/**
 * The message as one person of the sample will get it, merge fields filled in with their values (the
 * one function the server sends with), stepping through the sample. Shown as plain text, never HTML:
 * what an admin types is what people read.
 */
export function RecipientPreview({
  sample,
  people,
  subject,
  body,
  channels,
}: {
  sample: readonly AudienceMember[];
  people: number;
  subject: string;
  body: string;
  channels: readonly CampaignChannel[];
}) {
  const [index, setIndex] = useState(0);
  const unknown = unknownMergeFields(`${subject}\n${body}`);
  if (sample.length === 0) return null;
  const i = Math.min(index, sample.length - 1);
  const person = sample[i]!;
  const values = person.values;
  const renderedBody = renderMerge(body, values);
  const sms = channels.includes('sms') ? smsSize(renderedBody.trim()) : null;

  return (
    <section aria-label="Preview" className="flex flex-col gap-3">
      <h3 className="text-sm font-bold">Preview</h3>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          className="px-3"
          disabled={i === 0}
          aria-label="Previous recipient"
          onClick={() => setIndex(i - 1)}
        >
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Button>
        <Button
          variant="secondary"
          className="px-3"
          disabled={i === sample.length - 1}
          aria-label="Next recipient"
          onClick={() => setIndex(i + 1)}
        >
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
      <p aria-live="polite" data-testid="preview-recipient" className="text-sm break-words">
        <span className="font-semibold">
          Recipient {i + 1} of {sample.length}:
        </span>{' '}
        {person.name} &lt;{person.email}&gt;
      </p>
      {people > sample.length && (
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
          The preview steps through the first {sample.length} of {formatCount(people)}, by name.
        </p>
      )}
      {unknown.length > 0 && (
        <p className="text-sm text-red-700 dark:text-red-400">
          Not a merge field: {unknown.map((f) => `{{${f}}}`).join(', ')}. It would go out as written; fix it
          before sending.
        </p>
      )}
      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-400">Subject</p>
        <p data-testid="preview-subject" className="font-semibold break-words whitespace-pre-wrap">
          {subject.trim() ? (
            renderMerge(subject, values)
          ) : (
            <span className="font-normal italic">No subject yet</span>
          )}
        </p>
        <p className="text-xs font-medium text-slate-600 dark:text-slate-400">Message</p>
        <p data-testid="preview-body" className="text-sm break-words whitespace-pre-wrap">
          {body.trim() ? renderedBody : <span className="italic">No message yet</span>}
        </p>
      </div>
      {sms && (
        <p className="text-xs text-slate-700 dark:text-slate-300">
          {person.phone
            ? `As a text message to ${person.phone}: ${formatCount(sms.characters)} characters, ${sms.parts === 1 ? '1 part' : `${sms.parts} parts`}.`
            : 'No phone number: this person gets no text message.'}
        </p>
      )}
    </section>
  );
}
