import type { CauseDetail } from '@contract/causes';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { CauseDetails, donationsClosedReason } from './cause-details';

const cause: CauseDetail = {
  id: 'c1',
  title: 'Clean water',
  story: 'Tanks and filters.',
  goalMinor: 100_000,
  raisedMinor: 40_000,
  currency: 'RWF',
  donorCount: 2,
  imageUrl: null,
  endDate: null,
  status: 'published',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  suggestedAmountsMinor: [1000, 5000],
  recentDonations: [
    {
      id: 'd1',
      donorName: 'Aline',
      amountMinor: 30_000,
      currency: 'RWF',
      createdAt: '2026-01-02T10:00:00.000Z',
      testMode: false,
    },
    {
      id: 'd2',
      donorName: null,
      amountMinor: 10_000,
      currency: 'RWF',
      createdAt: '2026-01-01T10:00:00.000Z',
      testMode: false,
    },
  ],
};

function renderDetails(props: { donationSuccess?: boolean; canManage?: boolean } = {}) {
  return renderWithRouter(
    <CauseDetails
      causeId="c1"
      donationSuccess={props.donationSuccess ?? false}
      canManage={props.canManage ?? false}
    />,
    { path: '/causes/c1' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('CauseDetails', () => {
  it('shows the story, progress and recent donations, anonymous ones as Anonymous', async () => {
    stubFetch(() => jsonResponse(cause));
    await renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clean water' })).toBeInTheDocument();
    expect(screen.getByText('Tanks and filters.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    const donations = within(screen.getByRole('list', { name: 'Recent donations' })).getAllByRole('listitem');
    expect(donations[0]).toHaveTextContent('Aline');
    expect(donations[1]).toHaveTextContent('Anonymous');
    expect(screen.queryByText('Thank you for your donation!')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Clean water' })).not.toBeInTheDocument();
  });

  it('thanks the donor back from a donation and offers editing to managers', async () => {
    stubFetch(() => jsonResponse(cause));
    await renderDetails({ donationSuccess: true, canManage: true });
    expect(await screen.findByText('Thank you for your donation!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Clean water' })).toHaveAttribute('href', '/causes/edit/c1');
  });

  it('shares the public link and copies the iframe snippet with a toast', async () => {
    stubFetch(() => jsonResponse(cause));
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user } = await renderDetails();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const publicUrl = `${window.location.origin}/cause-embed/c1`;
    expect(await screen.findByLabelText('Public link')).toHaveValue(publicUrl);
    const snippet = screen.getByLabelText('Embed on your website');
    expect(snippet).toHaveValue(
      `<iframe src="${publicUrl}" title="Clean water" width="100%" height="820" style="border:0;max-width:480px" loading="lazy"></iframe>`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenCalledWith((snippet as HTMLTextAreaElement).value);
    expect(success).toHaveBeenCalledWith('Embed code copied.');
  });

  it('opens the donate form in a dialog', async () => {
    stubFetch(() => jsonResponse(cause));
    const { user } = await renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Donate' }));
    const dialog = screen.getByRole('dialog', { name: 'Donate to Clean water' });
    expect(within(dialog).getByRole('radio', { name: /^RWF\s5,000$/ })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: /^Donate RWF\s5,000$/ })).toBeInTheDocument();
  });

  it('says a missing cause is not found', async () => {
    stubFetch(() => jsonResponse({ message: 'Not found', code: 'not_found' }, 404));
    await renderDetails();
    expect(await screen.findByText('Cause not found.')).toBeInTheDocument();
  });

  it('knows when donations are closed', () => {
    expect(donationsClosedReason({ status: 'draft', endDate: null })).toMatch(/Publish/);
    expect(donationsClosedReason({ status: 'published', endDate: '2026-01-01' }, '2026-01-02')).toMatch(
      /ended/,
    );
    expect(donationsClosedReason({ status: 'published', endDate: '2026-01-02' }, '2026-01-02')).toBeNull();
  });
});
