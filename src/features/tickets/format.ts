/** 'Mon 24 Nov, 14:05' in the user's locale: when a reply was written. */
export const formatWhen = (iso: string | number) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** '24 Nov 2026' in the user's locale. */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** '#1042': the number people say on the phone. */
export const ticketNumber = (n: number) => `#${n}`;
