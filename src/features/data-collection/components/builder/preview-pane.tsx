import type { FormDefinition } from '@contract/forms/definition';
import { Eye } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { FormPreview } from '../fill/form-preview';

/** The builder's live preview of the draft being edited, as the fill page renders it. */
export function PreviewPane({ definition }: { definition: FormDefinition }) {
  const headingId = useId();
  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Eye aria-hidden className="size-5" />
        Preview
      </h2>
      <p className="text-base font-semibold">{definition.title}</p>
      {definition.questions.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No questions yet.</p>
      ) : (
        <FormPreview definition={definition} />
      )}
    </Card>
  );
}
