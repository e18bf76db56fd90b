import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import type { QuestionInputProps } from './question-input';

type Props = QuestionInputProps & { label: string; hint: string | undefined; id: string };

/** 'lat lon alt accuracy', as ODK writes a point. */
const pointOf = (c: GeolocationCoordinates) =>
  `${c.latitude.toFixed(6)} ${c.longitude.toFixed(6)} ${Math.round(c.altitude ?? 0)} ${Math.round(c.accuracy)}`;

/**
 * A GPS point from the phone's location (with its accuracy), or typed; a trace or a shape is its
 * points separated by ';', each added from the current location or typed.
 */
export function GeoInput({ id, label, hint, error, value, onChange, question, readOnly }: Props) {
  const [status, setStatus] = useState<string>('');
  const many = question.type !== 'geopoint';
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setStatus('This device cannot tell its location; type the coordinates instead.');
      return;
    }
    setStatus('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const point = pointOf(coords);
        onChange(many && value.trim() ? `${value.trim()}; ${point}` : point);
        setStatus(`Location found, accurate to ${Math.round(coords.accuracy)} m.`);
      },
      (err) =>
        setStatus(
          err.code === err.PERMISSION_DENIED
            ? 'Location is blocked for this site; allow it, or type the coordinates.'
            : 'The location could not be found; try again outside, or type the coordinates.',
        ),
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 0 },
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        id={id}
        label={label}
        hint={
          hint ??
          (many
            ? 'Points as “latitude longitude”, separated by ;'
            : 'Latitude and longitude, e.g. -1.95 30.06')
        }
        error={error}
        rows={many ? 3 : 1}
        value={value}
        readOnly={readOnly}
        onChange={(e) => onChange(e.target.value)}
      />
      {!readOnly && (
        <Button variant="secondary" className="self-start" onClick={locate}>
          <LocateFixed aria-hidden className="size-4" />
          {many ? 'Add my location' : 'Use my location'}
        </Button>
      )}
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {status}
      </p>
    </div>
  );
}
