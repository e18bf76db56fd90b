import { activityReportCreate, type ActivityReport } from '@contract/activity-reports';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests, startConnectivity } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { clearOutboxForUser, outbox } from '@/lib/outbox';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import type { ActivityReportSearch } from '../activity-search';
import type * as UploadPhoto from '../api/upload-photo';
import { reportDrafts } from '../report-draft';
import { newReportValues } from '../report-form';
import { photoKey, reportPhotos } from '../report-photos';
import { reportOf } from '../testing';
import { ActivityReportScreen } from './activity-report-screen';

// No XHR in these tests: a photo send finds no connection and waits, as on a phone without signal.
vi.mock('../api/upload-photo', async (importOriginal) => {
  const original = await importOriginal<typeof UploadPhoto>();
  return {
    ...original,
    uploadPhoto: vi.fn(() => Promise.reject(new original.PhotoUploadFailed('The connection dropped.', 0))),
  };
});

const grace = { id: 'grace', role: 'VOLUNTEER', name: 'Grace Volunteer' };

function Harness({ viewer = grace }: { viewer?: typeof grace }) {
  const [search, setSearch] = useState<ActivityReportSearch>({});
  return (
    <ActivityReportScreen
      search={search}
      onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))}
      viewer={viewer}
    />
  );
}

function stubApi(
  reports: ActivityReport[] = [],
  handler?: (request: StubbedRequest, url: URL) => Response | undefined,
) {
  return stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    const answer = handler?.(request, url);
    if (answer) return answer;
    if (url.pathname === '/api/activity-reports' && request.method === 'GET') return jsonResponse(reports);
    if (url.pathname === '/api/tasks')
      return jsonResponse([{ id: 't1', title: 'Clean the river bank', dueOn: '2026-11-20', status: 'open' }]);
    if (url.pathname === '/api/hours/volunteers') return jsonResponse([]);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

async function renderScreen(viewer = grace) {
  signInAs(viewer);
  const result = await renderWithRouter(<Harness viewer={viewer} />, { path: '/volunteer/activity-report' });
  await screen.findByRole('form', { name: 'New activity report' });
  return result;
}

const form = () => screen.getByRole('form', { name: 'New activity report' });
const setTime = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });

function goOffline() {
  startConnectivity();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

// The first parse compiles the schema and the first read opens the database: paid here, not by
// whichever test comes first (on a busy machine that was a second of its five).
beforeAll(async () => {
  activityReportCreate.safeParse({});
  await reportDrafts.get('nobody');
});

afterEach(async () => {
  vi.restoreAllMocks();
  resetConnectivityForTests();
  await clearOutboxForUser('grace');
  await reportPhotos.clear('grace');
  await reportDrafts.clear('grace');
  // Query's online manager heard 'offline': it has to hear the way back, or the next test waits.
  window.dispatchEvent(new Event('online'));
});

describe('ActivityReportScreen, volunteer', () => {
  it('checks the start and end times as the server does, and shows the duration as they are typed', async () => {
    const { requests } = stubApi();
    const { user } = await renderScreen();
    await user.click(within(form()).getByRole('button', { name: 'Submit report' }));
    expect(await within(form()).findByText('Say what you did.')).toBeInTheDocument();
    expect(within(form()).getByText('Give the hours, or a start and an end time.')).toBeInTheDocument();

    setTime('Start time', '10:00');
    expect(
      await within(form()).findByText('Give both a start and an end time, or neither.'),
    ).toBeInTheDocument();

    // After a first submit, each change is checked again at once.
    setTime('End time', '09:00');
    expect(await within(form()).findByText('The end time must be after the start time.')).toBeInTheDocument();

    setTime('End time', '12:15');
    expect(await within(form()).findByText('Duration: 2 h 15 min')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('takes a number of hours instead, within one day', async () => {
    const { requests } = stubApi();
    const { user } = await renderScreen();

    await user.click(within(form()).getByRole('radio', { name: 'Number of hours' }));
    expect(within(form()).queryByLabelText('Start time')).toBeNull();
    await user.type(within(form()).getByLabelText('Hours'), '25');
    await user.click(within(form()).getByRole('button', { name: 'Submit report' }));
    expect(
      await within(form()).findByText('A report covers at most 24 hours; report each day separately.'),
    ).toBeInTheDocument();
    await user.clear(within(form()).getByLabelText('Hours'));
    await user.type(within(form()).getByLabelText('Hours'), '3');
    await user.type(within(form()).getByLabelText('Minutes'), '30');
    expect(await within(form()).findByText('Duration: 3 h 30 min')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends a report online with its device-made id and a key, then starts a new one', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubApi([], (request, url) => {
      if (url.pathname === '/api/activity-reports' && request.method === 'POST')
        return jsonResponse(reportOf({ id: (request.body as { id: string }).id }), 201);
      return undefined;
    });
    const { user } = await renderScreen();
    await waitFor(() =>
      expect(within(form()).getByRole('option', { name: 'Clean the river bank' })).toBeInTheDocument(),
    );
    await user.selectOptions(within(form()).getByLabelText('Task (optional)'), 't1');
    await user.selectOptions(within(form()).getByLabelText('Category'), 'training');
    await user.type(within(form()).getByLabelText(/Description/), 'Taught first aid.');
    await user.click(within(form()).getByRole('radio', { name: 'Number of hours' }));
    await user.type(within(form()).getByLabelText('Hours'), '2');
    await user.click(within(form()).getByRole('button', { name: 'Submit report' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Report sent. Your organisation will review it.'),
    );
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      taskId: 't1',
      category: 'training',
      description: 'Taught first aid.',
      startTime: null,
      endTime: null,
      minutes: 120,
      location: null,
      photos: [],
    });
    const { id } = post.body as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // A fresh form, and no draft left behind.
    await waitFor(() => expect(within(form()).getByLabelText(/Description/)).toHaveValue(''));
    expect(await reportDrafts.get('grace')).toBeUndefined();
  });

  it('offline, keeps the report and its photo on the device: the list shows both waiting to send', async () => {
    vi.spyOn(notify, 'message').mockImplementation(() => {});
    const { requests } = stubApi();
    const { user } = await renderScreen();
    await screen.findByText(/No reports yet/);
    await user.type(within(form()).getByLabelText(/Description/), 'Planted trees.');
    setTime('Start time', '08:00');
    setTime('End time', '10:00');
    await user.upload(
      within(form()).getByLabelText(/Add photos/),
      new File(['picture'], 'IMG_0001.jpg', { type: 'image/jpeg' }),
    );
    const chosen = await within(form()).findByRole('list', { name: 'Photos of this report' });
    expect(chosen).toHaveTextContent('photo-1.jpg');

    goOffline();
    await user.click(within(form()).getByRole('button', { name: 'Submit report' }));
    const mine = await screen.findByRole('list', { name: 'Your reports' });
    const card = within(mine).getByRole('article');
    expect(within(card).getAllByText('Waiting to send')).toHaveLength(2);
    expect(card).toHaveTextContent('08:00–10:00, 2 h');
    expect(within(card).getByRole('list', { name: 'Photos' })).toHaveTextContent('photo-1.jpg');
    await waitFor(() =>
      expect(notify.message).toHaveBeenCalledWith(
        expect.stringContaining("You're offline. Your report is saved"),
      ),
    );

    const entries = await outbox.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'activity-report',
      url: '/activity-reports',
      body: { startTime: '08:00', endTime: '10:00', minutes: null, photos: ['photo-1.jpg'] },
      userId: 'grace',
    });
    await waitFor(async () => expect((await reportPhotos.all('grace'))[0]?.state).toBe('waiting'));
    const [photo] = await reportPhotos.all('grace');
    expect(photo).toMatchObject({ name: 'photo-1.jpg', state: 'waiting', reportId: entries[0]!.body.id });
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('keeps the form as a draft while it is typed and restores it, photos included', async () => {
    stubApi();
    const first = await renderScreen();
    await first.user.type(within(form()).getByLabelText(/Description/), 'Visited the clinic');
    await waitFor(async () =>
      expect((await reportDrafts.get('grace'))?.values.description).toBe('Visited the clinic'),
    );
    first.unmount();

    const values = {
      ...newReportValues('2026-11-20'),
      description: 'Painted the school',
      timeMode: 'hours' as const,
      hours: '4',
      minutes: '',
    };
    await reportDrafts.save({ userId: 'grace', values, savedAt: Date.now() });
    await reportPhotos.put({
      key: photoKey('grace', values.id, 'photo-1.jpg'),
      userId: 'grace',
      reportId: values.id,
      name: 'photo-1.jpg',
      blob: new Blob(['x'], { type: 'image/jpeg' }),
      addedAt: 1,
      state: 'draft',
    });
    await renderScreen();
    expect(screen.getByText(/Your unsent report was kept on this device/)).toBeInTheDocument();
    expect(within(form()).getByLabelText(/Description/)).toHaveValue('Painted the school');
    expect(within(form()).getByLabelText('Hours')).toHaveValue(4);
    expect(within(form()).getByText('Duration: 4 h')).toBeInTheDocument();
    expect(await within(form()).findByRole('list', { name: 'Photos of this report' })).toHaveTextContent(
      'photo-1.jpg',
    );
  });

  it('shows each report’s status, a decline’s reason, and a photo the server has not received yet as waiting', async () => {
    stubApi([
      reportOf({ id: 'r1', status: 'declined', declineReason: 'Reported twice.', date: '2026-11-21' }),
      reportOf({
        id: 'r2',
        status: 'approved',
        photos: [{ name: 'photo-1.jpg', fileId: 'f1', sizeBytes: 204800 }],
      }),
      reportOf({
        id: 'r3',
        date: '2026-11-19',
        photos: [
          { name: 'photo-1.jpg', fileId: null, sizeBytes: null },
          { name: 'photo-2.jpg', fileId: null, sizeBytes: null },
        ],
      }),
    ]);
    await reportPhotos.put({
      key: photoKey('grace', 'r3', 'photo-1.jpg'),
      userId: 'grace',
      reportId: 'r3',
      name: 'photo-1.jpg',
      blob: new Blob(['x'], { type: 'image/jpeg' }),
      addedAt: 1,
      state: 'waiting',
    });
    // The photo's send fails for want of a connection (the mocked upload): it stays waiting.
    await renderScreen();
    const cards = within(await screen.findByRole('list', { name: 'Your reports' })).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Declined');
    expect(cards[0]).toHaveTextContent('Declined: Reported twice.');
    expect(cards[1]).toHaveTextContent('Approved');
    expect(cards[1]).toHaveTextContent('Received (200 KB)');
    const photos = within(cards[2]!).getByRole('list', { name: 'Photos' });
    await waitFor(() =>
      expect(within(photos).getByText('photo-1.jpg').closest('li')).toHaveTextContent('Waiting to send'),
    );
    expect(within(photos).getByText('photo-2.jpg').closest('li')).toHaveTextContent('Not received yet');
  });
});

describe('ActivityReportScreen, photos of a report removed unsent', () => {
  it('lists them with the reason and lets the volunteer delete them from the device', async () => {
    stubApi([reportOf({ id: 'r1' })]);
    await reportPhotos.put({
      key: photoKey('grace', 'gone', 'photo-1.jpg'),
      userId: 'grace',
      reportId: 'gone',
      name: 'photo-1.jpg',
      blob: new Blob(['x'], { type: 'image/jpeg' }),
      addedAt: 1,
      state: 'refused',
      error: 'Its report was not sent and no longer waits in the outbox.',
    });
    await renderScreen();
    const stray = await screen.findByRole('list', { name: 'Photos not sent' });
    expect(stray).toHaveTextContent(
      'photo-1.jpg: Its report was not sent and no longer waits in the outbox.',
    );
    fireEvent.click(within(stray).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Photos not sent' })).toBeNull());
    expect(await reportPhotos.all('grace')).toEqual([]);
  });
});

describe('ActivityReportScreen, staff and readers', () => {
  it('lists the organisation’s reports with filters and no form; a viewer gets no review link', async () => {
    const { requests } = stubApi([reportOf()]);
    signInAs({ id: 'vic', role: 'VIEWER' });
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'vic', role: 'VIEWER', name: 'Vic' }} />, {
      path: '/volunteer/activity-report',
    });
    const list = await screen.findByRole('list', { name: 'Activity reports' });
    expect(within(list).getByRole('article', { name: /Grace Volunteer/ })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('link', { name: /review queue/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Status'), 'declined');
    await waitFor(() =>
      expect(
        requests.some((r) => new URL(r.url, 'http://localhost').searchParams.get('status') === 'declined'),
      ).toBe(true),
    );
  });
});
