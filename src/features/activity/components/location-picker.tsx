import type { ReportLocation } from '@contract/activity-reports';
import { LocateFixed, MapPin, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

const geoErrors: Record<number, string> = {
  1: 'Location is blocked for this site. Allow it in the browser’s settings, or leave it out.',
  2: 'Your phone could not find where you are. Try again outside, or leave it out.',
  3: 'Finding your location took too long. Try again, or leave it out.',
};

/** "Add my location": one GPS reading with its accuracy, shown and removable. Optional. */
export function LocationPicker({
  value,
  onChange,
}: {
  value: ReportLocation | null;
  onChange: (location: ReportLocation | null) => void;
}) {
  const [finding, setFinding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const locate = () => {
    setError(null);
    setFinding(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setFinding(false);
        const { latitude, longitude, accuracy } = position.coords;
        onChange({
          latitude: Math.round(latitude * 1e6) / 1e6,
          longitude: Math.round(longitude * 1e6) / 1e6,
          accuracy: Number.isFinite(accuracy) ? Math.round(accuracy) : null,
        });
      },
      (failure) => {
        setFinding(false);
        setError(geoErrors[failure.code] ?? 'Your location could not be found.');
      },
      // GPS works without a connection; a fresh, precise reading is worth half a minute in the field.
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 },
    );
  };

  if (value)
    return (
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
        <MapPin aria-hidden className="size-4 shrink-0 text-brand-600 dark:text-brand-100" />
        <span className="min-w-0 flex-1 break-words">
          Location added: {value.latitude.toFixed(5)}, {value.longitude.toFixed(5)}
          {value.accuracy != null && ` (accurate to about ${value.accuracy} m)`}
        </span>
        <Button variant="ghost" onClick={() => onChange(null)}>
          <X aria-hidden className="size-4" />
          Remove location
        </Button>
      </div>
    );
  if (!supported) return null;
  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" className="self-start" onClick={locate} pending={finding}>
        <LocateFixed aria-hidden className="size-4" />
        Add my location
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
