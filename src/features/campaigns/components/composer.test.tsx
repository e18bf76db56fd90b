import { CAMPAIGN_SMS_MAX } from '@contract/campaigns';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { jsonResponse } from '@/testing/fetch-stub';
import { stubCampaignsApi } from '../campaigns-test-api';
import { nadia, posts, renderCampaigns, sam } from '../testing-harness';

configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetConnectivityForTests();
  onlineManager.setOnline(true);
});

const compose = (viewer = nadia) => renderCampaigns(viewer, '/admin/bulk-email?new=1');

/** Types into a field as pasted text: user-event reads `{` as the start of a key name. */
async function paste(user: UserEvent, label: RegExp | string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

describe('the composer', { timeout: 30_000 }, () => {
  it('inserts a merge field at the cursor and previews it for each recipient, as plain text', async () => {
    stubCampaignsApi();
    const { user } = await compose();
    expect(screen.getByRole('heading', { level: 1, name: 'New campaign' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), 'Thank you');
    await user.type(screen.getByLabelText('Message'), 'Dear , see you on Saturday.');
    // The cursor after 'Dear '.
    const message = screen.getByLabelText<HTMLTextAreaElement>('Message');
    message.setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'First name {{first_name}}' }));
    expect(message).toHaveValue('Dear {{first_name}}, see you on Saturday.');
    expect(message).toHaveFocus();
    // The subject's turn: the buttons go where the cursor last was.
    await user.click(screen.getByLabelText('Subject'));
    await user.click(screen.getByRole('button', { name: 'Full name {{name}}' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('Thank you{{name}}');

    const panel = screen.getByRole('region', { name: 'Audience and preview' });
    expect(await within(panel).findByTestId('audience-people')).toHaveTextContent('3 people');
    expect(within(panel).getByRole('list', { name: 'Recipients by channel' })).toHaveTextContent(
      'Email: 3 of 3',
    );
    expect(within(panel).getByTestId('preview-recipient')).toHaveTextContent(
      'Recipient 1 of 3: Aline Uwera <aline@demo.ngo>',
    );
    await user.click(within(panel).getByRole('button', { name: 'Next recipient' }));
    expect(within(panel).getByTestId('preview-recipient')).toHaveTextContent(
      'Recipient 2 of 3: Grace Mukamana <volunteer@demo.ngo>',
    );
    expect(within(panel).getByTestId('preview-subject')).toHaveTextContent('Thank youGrace Mukamana');
    expect(within(panel).getByTestId('preview-body')).toHaveTextContent('Dear Grace, see you on Saturday.');
    expect(within(panel).getByRole('button', { name: 'Previous recipient' })).toBeEnabled();
  });

  it('never renders the message as HTML', async () => {
    stubCampaignsApi();
    const { user } = await compose();
    await paste(user, 'Message', '<b>Hi</b> {{first_name}}');
    const body = await screen.findByTestId('preview-body');
    expect(body).toHaveTextContent('<b>Hi</b> Aline');
    expect(body.querySelector('b')).toBeNull();
  });

  it('shows the contract’s messages, an unknown merge field’s among them, and sends nothing', async () => {
    const { requests } = stubCampaignsApi();
    const { user } = await compose();
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Subject is required.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Campaign name'), 'Reminder');
    await user.type(screen.getByLabelText('Subject'), 'Saturday');
    await paste(user, 'Message', 'Hello {{nme}}, see you.');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(await screen.findByText('Unknown merge field: {{nme}}.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Unknown merge field: {{nme}}.');
    // The preview warns as well, since renderMerge leaves the tag as written.
    expect(screen.getByText(/Not a merge field: \{\{nme\}\}/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(requests, '/api/campaigns')).toEqual([]);
  });

  it('counts an SMS’s characters and parts, and refuses one too long', async () => {
    stubCampaignsApi();
    const { user } = await compose();
    expect(screen.queryByTestId('sms-counter')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /SMS/ }));
    await paste(user, 'Message', 'a'.repeat(160));
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(
      `SMS: 160 / ${CAMPAIGN_SMS_MAX} characters · 1 part`,
    );
    await user.type(screen.getByLabelText('Message'), 'b');
    expect(screen.getByTestId('sms-counter')).toHaveTextContent('SMS: 161 / 459 characters · 2 parts');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(/SMS: 161 \/ 459 characters/);
    await user.paste('c'.repeat(339));
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(
      'SMS: 500 / 459 characters · 4 parts · 41 too many',
    );

    const panel = screen.getByRole('region', { name: 'Audience and preview' });
    await waitFor(() =>
      expect(within(panel).getByRole('list', { name: 'Recipients by channel' })).toHaveTextContent(
        'SMS: 2 of 3 have a phone number',
      ),
    );
    await user.type(screen.getByLabelText('Campaign name'), 'Reminder');
    await user.type(screen.getByLabelText('Subject'), 'Saturday');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(
      await screen.findByText('An SMS message is at most 459 characters; this one has 500.'),
    ).toBeInTheDocument();
  });

  it('sends now after asking, with the contract’s body and an Idempotency-Key, then shows the report', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubCampaignsApi();
    const { user, router } = await compose();
    await user.type(screen.getByLabelText('Campaign name'), '  Water day reminder ');
    await user.type(screen.getByLabelText('Subject'), 'See you on Saturday');
    await paste(user, 'Message', 'Hello {{first_name}},\nthe water day starts at 9.');
    await user.click(screen.getByRole('checkbox', { name: /SMS/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Volunteer' }));
    const panel = screen.getByRole('region', { name: 'Audience and preview' });
    await waitFor(() => expect(within(panel).getByTestId('audience-people')).toHaveTextContent('2 people'));

    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Send to 3 recipients?' });
    expect(confirm).toHaveTextContent('Email 2, SMS 1');
    expect(within(confirm).getByRole('button', { name: 'Go back' })).toHaveFocus();
    expect(posts(requests, '/api/campaigns')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Send now' }));

    await waitFor(() => expect(router.state.location.search).toEqual({ campaign: 'new1' }));
    const [post] = posts(requests, '/api/campaigns');
    expect(post!.body).toEqual({
      name: 'Water day reminder',
      subject: 'See you on Saturday',
      body: 'Hello {{first_name}},\nthe water day starts at 9.',
      channels: ['email', 'sms'],
      segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
      sendAt: null,
    });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(notify.success).toHaveBeenCalledWith('“Water day reminder” is on its way to 3 recipients.');
    expect(await screen.findByRole('heading', { level: 2, name: 'Water day reminder' })).toBeInTheDocument();
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Sending');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 3 done (0%)',
    );
    expect(screen.getByTestId('report-body').textContent).toBe(
      'Hello {{first_name}},\nthe water day starts at 9.',
    );
  });

  it('schedules for a time in the device’s zone, refusing one in the past', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubCampaignsApi();
    const { user } = await compose();
    await user.type(screen.getByLabelText('Campaign name'), 'AGM');
    await user.type(screen.getByLabelText('Subject'), 'Annual meeting');
    await user.type(screen.getByLabelText('Message'), 'It is on Friday.');
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    await user.type(screen.getByLabelText('Send at'), '2020-01-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Review and schedule' }));
    expect(await screen.findByText('Choose a time in the future.')).toBeInTheDocument();

    const next = new Date().getFullYear() + 1;
    const soon = `${new Date().getFullYear()}-12-31T23:59`;
    await user.clear(screen.getByLabelText('Send at'));
    await user.type(
      screen.getByLabelText('Send at'),
      new Date() < new Date(soon) ? soon : `${next}-01-01T00:30`,
    );
    await user.click(screen.getByRole('button', { name: 'Review and schedule' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Send to 3 recipients?' });
    await user.click(within(confirm).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(posts(requests, '/api/campaigns')).toHaveLength(1));
    const sendAt = (posts(requests, '/api/campaigns')[0]!.body as { sendAt: string }).sendAt;
    expect(sendAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    expect(await screen.findByTestId('campaign-status')).toHaveTextContent('Scheduled');
    expect(screen.getByRole('button', { name: 'Cancel campaign' })).toBeInTheDocument();
  });

  it('puts a refusal’s field messages on their inputs, and keeps the key for the corrected resend', async () => {
    let refuse = true;
    const { requests } = stubCampaignsApi({
      handler: (request, url) =>
        refuse && request.method === 'POST' && url.pathname === '/api/campaigns'
          ? jsonResponse(
              {
                message: 'Some fields are invalid.',
                code: 'validation_failed',
                fields: { subject: 'Subject is not allowed here.', 'segment.roles.0': 'Not a role.' },
              },
              400,
            )
          : undefined,
    });
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user } = await compose();
    await user.type(screen.getByLabelText('Campaign name'), 'Reminder');
    await user.type(screen.getByLabelText('Subject'), 'Saturday');
    await user.type(screen.getByLabelText('Message'), 'See you.');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send now' }),
    );
    expect(await screen.findByText('Subject is not allowed here.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Not a role.');

    refuse = false;
    await user.type(screen.getByLabelText('Subject'), '!');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send now' }),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    const [first, second] = posts(requests, '/api/campaigns');
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
  });

  it('says when nobody can be reached, before asking to send', async () => {
    const { requests } = stubCampaignsApi();
    const { user } = await compose();
    await user.type(screen.getByLabelText('Campaign name'), 'Analysts');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'Hi.');
    await user.click(screen.getByRole('checkbox', { name: 'Analyst' }));
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(await screen.findByText(/Nobody to send to/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(requests, '/api/campaigns')).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('audience-people')).toHaveTextContent('0 people'));
  });

  it('counts volunteers with hours in a period, and says a period that ends before it starts', async () => {
    const { requests } = stubCampaignsApi();
    const { user } = await compose();
    await user.click(screen.getByRole('radio', { name: /Volunteers with hours/ }));
    await user.clear(screen.getByLabelText('Minimum hours'));
    await user.type(screen.getByLabelText('Minimum hours'), '10');
    const panel = screen.getByRole('region', { name: 'Audience and preview' });
    await waitFor(() => expect(within(panel).getByTestId('audience-people')).toHaveTextContent('1 person'));
    const audience = posts(requests, '/api/campaigns/audience').at(-1)!.body as { segment: object };
    expect(audience.segment).toMatchObject({ kind: 'volunteers_with_hours', minHours: 10, ngoIds: [] });

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2999-01-01');
    expect(await within(panel).findByText('From must be on or before To.')).toBeInTheDocument();
  });

  it('lets SUPER_ADMIN choose organisations and write to the newsletter, by email only', async () => {
    const { requests } = stubCampaignsApi({
      ngos: [
        { id: 'ngo2', name: 'Water for All' },
        { id: 'ngo1', name: 'Hope Bridge Foundation' },
      ],
    });
    const { user } = await compose(sam);
    await user.click(await screen.findByRole('checkbox', { name: 'Water for All' }));
    await waitFor(() =>
      expect(posts(requests, '/api/campaigns/audience').at(-1)!.body).toMatchObject({
        segment: { kind: 'members', ngoIds: ['ngo2'] },
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: /SMS/ }));
    await user.click(screen.getByRole('radio', { name: /Newsletter subscribers/ }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /SMS/ })).not.toBeChecked());
    expect(screen.getByRole('checkbox', { name: /SMS/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Email/ })).toBeChecked();
    expect(screen.getByText('Newsletter subscribers can only be emailed.')).toBeInTheDocument();
  });

  it('offers SMS as unavailable when the server has no SMS provider', async () => {
    stubCampaignsApi({ smsAvailable: false });
    await compose();
    const panel = screen.getByRole('region', { name: 'Audience and preview' });
    expect(await within(panel).findByTestId('audience-people')).toHaveTextContent('3 people');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /SMS/ })).toBeDisabled());
    expect(
      screen.getByText('Not set up on this server yet (an administrator adds an SMS provider).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Email/ })).toBeEnabled();
  });

  it('offers no newsletter to an NGO admin', async () => {
    stubCampaignsApi();
    await compose();
    expect(screen.getByRole('radio', { name: /Members/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Newsletter/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Organisations' })).toBeNull();
  });
});
