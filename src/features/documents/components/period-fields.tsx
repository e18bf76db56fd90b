import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { PERIOD_CHOICES, periodChoiceLabels, type PeriodChoice } from '../period';

/**
 * The period of a document: a quick choice that fills the two dates, and the dates themselves, which
 * stay visible (and editable: typing one makes the choice 'Custom dates'), so what is issued is
 * always what is shown.
 */
export function PeriodFields({
  choice,
  onChoose,
  from,
  to,
  errors,
}: {
  choice: PeriodChoice;
  /** The form fills the dates of a quick choice. */
  onChoose: (choice: PeriodChoice) => void;
  from: UseFormRegisterReturn;
  to: UseFormRegisterReturn;
  errors: { periodFrom?: string; periodTo?: string };
}) {
  return (
    <>
      <SelectField
        label="Period"
        value={choice}
        onChange={(event) => onChoose(event.target.value as PeriodChoice)}
      >
        {PERIOD_CHOICES.map((c) => (
          <option key={c} value={c}>
            {periodChoiceLabels[c]}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="From" type="date" required error={errors.periodFrom} {...from} />
        <Field label="To" type="date" required error={errors.periodTo} {...to} />
      </div>
    </>
  );
}
