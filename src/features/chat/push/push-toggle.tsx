import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { pushState, turnPushOff, turnPushOn, type PushState } from './push-subscription';

/**
 * 'Notify me' for mentions and direct messages on this device while the app is closed. Hidden where
 * the browser cannot push; when the browser was told no, says where to change it.
 */
export function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  if (state === null || state === 'unsupported') return null;
  if (state === 'denied')
    return (
      <p className="px-2 text-xs text-slate-600 dark:text-slate-400">
        Notifications are blocked for this site; allow them in the browser’s site settings.
      </p>
    );
  const on = state === 'on';
  const toggle = async () => {
    setBusy(true);
    try {
      const next = on ? await turnPushOff() : await turnPushOn();
      setState(next);
      if (next === 'on') notify.success('This device will be notified of mentions and direct messages.');
      else if (next === 'off' && on) notify.success('Notifications turned off on this device.');
      else if (next === 'denied') notify.error('Notifications were blocked in the browser.');
    } catch (error) {
      notify.error(errorMessage(error, 'Notifications could not be changed. Try again when online.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" className="px-2" pending={busy} aria-pressed={on} onClick={() => void toggle()}>
      {on ? <Bell aria-hidden className="size-4" /> : <BellOff aria-hidden className="size-4" />}
      {on ? 'Notifications on' : 'Notify me'}
    </Button>
  );
}
