import { useEffect, useState } from 'react';

const isoNow = () => new Date().toISOString();

/** The time, as ISO 8601, again every `everyMs`: the SLA clocks count down while the screen is open. */
export function useNow(everyMs = 60_000): string {
  const [now, setNow] = useState(isoNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(isoNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
