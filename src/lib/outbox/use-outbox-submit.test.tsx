import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from '@/components/ui/field';
import { defineOutboxAction } from './define-action';
import { createOutbox } from './outbox';
import { createOutboxStore } from './store';
import { startOutboxTestServer, type Reply, type ReceivedRequest } from './testing/outbox-test-server';
import { useOutboxSubmit, type OutboxSubmitOutcome } from './use-outbox-submit';

interface Report extends Record<string, unknown> {
  title: string;
  people: string;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

let dbCount = 0;

/** A report action over its own outbox and a real HTTP server answering `reply`. */
async function setup(reply: (request: ReceivedRequest) => Reply | Promise<Reply>) {
  const server = await startOutboxTestServer(reply);
  cleanups.push(server.close);
  let online = true;
  const box = createOutbox({
    store: createOutboxStore(`use-outbox-submit-${++dbCount}`),
    baseUrl: () => `${server.url}/api`,
    session: () => ({ userId: null, token: null }),
    isOnline: () => online,
    channelName: null,
    storage: null,
  });
  cleanups.push(() => box.dispose());
  const action = defineOutboxAction<Report>(
    { kind: 'report', method: 'POST', url: '/reports', label: 'Activity report' },
    box,
  );
  return { server, box, action, setOnline: (value: boolean) => (online = value) };
}

const created = (): Reply => ({ status: 201, body: { message: 'Saved.' } });
const body: Report = { title: 'Well repaired', people: '40' };

describe('useOutboxSubmit', () => {
  it('makes the key when the form starts and sends the write under it', async () => {
    const t = await setup(created);
    const { result } = renderHook(() => useOutboxSubmit(t.action, { fallback: 'Not saved.' }));
    expect(result.current.currentKey()).toBeNull();

    const key = result.current.start();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.start()).toBe(key);

    let outcome!: OutboxSubmitOutcome<unknown>;
    await act(async () => void (outcome = await result.current.send(body)));
    expect(outcome).toEqual({ status: 'sent', response: { message: 'Saved.' } });
    expect(t.server.requests.map((r) => r.key)).toEqual([key]);
  });

  it('resends a refused write under the same key, then starts the next write with a new one', async () => {
    const answers: Reply[] = [{ status: 429, body: { message: 'Slow down.' } }, created(), created()];
    const t = await setup(() => answers.shift()!);
    const { result } = renderHook(() => useOutboxSubmit(t.action, { fallback: 'Not saved.' }));

    await act(async () => void (await result.current.send(body)));
    await act(async () => void (await result.current.send(body)));
    await act(async () => void (await result.current.send({ ...body, title: 'Second report' })));

    const [refused, resent, next] = t.server.requests.map((r) => r.key);
    expect(resent).toBe(refused);
    expect(next).not.toBe(resent);
  });

  it('answers a double submit with the one send already out', async () => {
    const t = await setup(created);
    const { result } = renderHook(() => useOutboxSubmit(t.action, { fallback: 'Not saved.' }));
    let outcomes: unknown[] = [];
    await act(async () => {
      outcomes = await Promise.all([result.current.send(body), result.current.send(body)]);
    });
    expect(outcomes[0]).toBe(outcomes[1]);
    expect(t.server.requests).toHaveLength(1);
  });

  it('queues the write when offline and renews the key, since the outbox now holds it', async () => {
    const t = await setup(created);
    t.setOnline(false);
    const { result } = renderHook(() => useOutboxSubmit(t.action, { fallback: 'Not saved.' }));
    const key = result.current.start();

    let outcome!: OutboxSubmitOutcome<unknown>;
    await act(async () => void (outcome = await result.current.send(body)));
    expect(outcome).toEqual({ status: 'queued', reason: 'offline' });
    expect(t.server.requests).toHaveLength(0);
    expect(await t.box.entries()).toMatchObject([{ id: key, body, status: 'pending' }]);
    expect(result.current.currentKey()).toBeNull();
  });

  it("hands back a refusal without fields as 'attention' with the server's message", async () => {
    const t = await setup(() => ({ status: 403, body: { message: 'Not your organisation.' } }));
    const { result } = renderHook(() => useOutboxSubmit(t.action, { fallback: 'Not saved.' }));
    let outcome!: OutboxSubmitOutcome<unknown>;
    await act(async () => void (outcome = await result.current.send(body)));
    expect(outcome).toMatchObject({
      status: 'attention',
      error: { status: 403, message: 'Not your organisation.' },
      alert: 'Not your organisation.',
    });
    // The form still holds the input, so the refused entry does not stay in the outbox too.
    expect(await t.box.entries()).toEqual([]);
  });

  it('renews the key after a 409: the server holds another payload under it', async () => {
    const answers: Reply[] = [{ status: 409, body: { message: 'Already used.' } }, created()];
    const t = await setup(() => answers.shift()!);
    const { result } = renderHook(() => useOutboxSubmit(t.action, { fallback: 'Not saved.' }));
    await act(async () => void (await result.current.send(body)));
    await act(async () => void (await result.current.send(body)));
    const [first, second] = t.server.requests.map((r) => r.key);
    expect(second).not.toBe(first);
  });

  it("puts a 400's field messages on the right inputs, focuses the first, and alerts the rest", async () => {
    const t = await setup(() => ({
      status: 400,
      body: {
        message: 'Some fields are invalid.',
        fields: { people: 'People must be a number.', title: 'Title is too long.', ngoId: 'Unknown NGO.' },
      },
    }));

    function ReportForm() {
      const { register, handleSubmit, setError, formState } = useForm<Report>({
        defaultValues: { title: 'Well repaired', people: 'forty' },
      });
      const submit = useOutboxSubmit(t.action, {
        setError,
        fields: ['title', 'people'],
        fallback: 'Not saved.',
      });
      const [alert, setAlert] = useState<string | null>(null);
      return (
        <form
          onInput={submit.start}
          onSubmit={(event) =>
            void handleSubmit(async (values) => {
              const outcome = await submit.send(values);
              if (outcome.status === 'attention') setAlert(outcome.alert);
            })(event)
          }
        >
          {alert && <p role="alert">{alert}</p>}
          <Field label="Title" error={formState.errors.title?.message} {...register('title')} />
          <Field label="People" error={formState.errors.people?.message} {...register('people')} />
          <button type="submit">Save</button>
        </form>
      );
    }

    render(<ReportForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));

    const title = screen.getByLabelText('Title');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown NGO.');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is too long.');
    expect(screen.getByLabelText('People')).toHaveAccessibleDescription('People must be a number.');
    // The first input of the form, not the first field of the answer.
    expect(title).toHaveFocus();
  });

  it("says 'attention' with the fallback when the device refuses to keep the write", async () => {
    const t = await setup(created);
    const broken = defineOutboxAction<Report>(t.action, {
      ...t.box,
      submit: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')),
    });
    const { result } = renderHook(() => useOutboxSubmit(broken, { fallback: 'Not saved.' }));
    let outcome!: OutboxSubmitOutcome<unknown>;
    await act(async () => void (outcome = await result.current.send(body)));
    expect(outcome).toEqual({ status: 'attention', error: { message: 'Not saved.' }, alert: 'Not saved.' });
  });
});
