import { describe, expect, it } from 'vitest';
import { titleForPath } from './document-title';

describe('titleForPath', () => {
  it('gives a public page its own title, as prerendered', () => {
    expect(titleForPath('/pricing')).toBe('Pricing · NGO Portal');
    expect(titleForPath('/help-center/')).toBe('Help Center · NGO Portal');
    expect(titleForPath('/')).toBe('NGO Portal: the all-in-one platform for nonprofits');
  });

  it('names a detail page after its listing', () => {
    expect(titleForPath('/public-grants/01jabc')).toBe('Latest Grants · NGO Portal');
    expect(titleForPath('/grants/01jabc')).toBe('Latest Grants · NGO Portal');
    expect(titleForPath('/causes/01jabc')).toBe('Fundraise · NGO Portal');
  });

  it('names portal screens after their menu entry, the closest one winning', () => {
    expect(titleForPath('/dashboard')).toBe('Dashboard · NGO Portal');
    expect(titleForPath('/settings')).toBe('Account Settings · NGO Portal');
    expect(titleForPath('/api-usage')).toBe('API Usage · NGO Portal');
    expect(titleForPath('/volunteer/tasks')).toBe('Assigned Tasks · NGO Portal');
    expect(titleForPath('/admin/bulk-email')).toBe('Send Notification · NGO Portal');
  });

  it('names payment and cause screens by their shape', () => {
    expect(titleForPath('/flutterwave-callback')).toBe('Payment · NGO Portal');
    expect(titleForPath('/flutterwave-success')).toBe('Thank you · NGO Portal');
    expect(titleForPath('/causes/create')).toBe('Create a cause · NGO Portal');
    expect(titleForPath('/causes/edit/01jabc')).toBe('Edit cause · NGO Portal');
  });

  it("falls back to the site's name", () => {
    expect(titleForPath('/somewhere-else')).toBe('NGO Portal');
  });
});
