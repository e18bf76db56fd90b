import { fetchAuthorizedBlob } from '@/lib/authorized-blob';
import { todayCalendarDate } from '@/lib/calendar-date';
import { saveBlob } from '@/lib/save-blob';

/**
 * GET /api/hours/export.csv (the approved reports, by day): it needs the bearer token, so it is
 * fetched and handed to the browser as a download. A refusal throws the server's message.
 */
export async function downloadHoursCsv(volunteerId?: string): Promise<void> {
  const query = volunteerId ? `?${new URLSearchParams({ volunteerId })}` : '';
  const bytes = await fetchAuthorizedBlob(`/hours/export.csv${query}`);
  saveBlob(bytes, `approved-hours-${todayCalendarDate()}.csv`);
}
