import type { Localized } from '@contract/forms/definition';
import { Field } from '@/components/ui/field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { languageLabel } from '../../builder/definition-edits';

/** What a localized text becomes once edited: empty texts dropped, nothing left is undefined. */
export function withText(
  value: Localized | undefined,
  language: string,
  text: string,
): Localized | undefined {
  const next = { ...value, [language]: text };
  if (!text) delete next[language];
  return Object.keys(next).length ? next : undefined;
}

/**
 * One field per language of the form for a label, hint or message: 'Label', or 'Label (French (fr))'
 * once the form has several languages. The first field carries the error.
 */
export function LocalizedFields({
  label,
  value,
  languages,
  onChange,
  multiline = false,
  error,
  hint,
}: {
  label: string;
  value: Localized | undefined;
  languages: readonly string[];
  onChange: (value: Localized | undefined) => void;
  multiline?: boolean;
  error?: string;
  hint?: string;
}) {
  return (
    <>
      {languages.map((language, i) => {
        const props = {
          label: languages.length > 1 ? `${label} (${languageLabel(language)})` : label,
          value: value?.[language] ?? '',
          error: i === 0 ? error : undefined,
          hint: i === 0 ? hint : undefined,
          autoComplete: 'off',
        };
        return multiline ? (
          <TextAreaField
            key={language}
            rows={2}
            {...props}
            onChange={(event) => onChange(withText(value, language, event.target.value))}
          />
        ) : (
          <Field
            key={language}
            {...props}
            onChange={(event) => onChange(withText(value, language, event.target.value))}
          />
        );
      })}
    </>
  );
}
