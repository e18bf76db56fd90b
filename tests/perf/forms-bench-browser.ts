import type { Browser, BrowserContext, CDPSession, Page, Request } from '@playwright/test';
import { outboxCount, queueSurveyResponses } from '../e2e/support/queued-responses';
import { controlIdOf, REPEAT_FIRST_CHILD, REPEAT_LABEL, REPEAT_NAME, typingPlan } from './forms-bench-forms';

/*
 * bench:forms's measures in Debian's Chromium (Playwright): the fill page's first-load bytes, the
 * form-evaluate measures while typing, the 50th repeat instance, and a flush of 1,000 queued responses.
 */

const PHONE = { width: 360, height: 740 };
const THROTTLE = 4;

/** The page's own timing records, installed before its code: Event Timing entries (≥ 16 ms). */
function recordEventTiming() {
  const w = window as unknown as {
    __benchEvents: { name: string; start: number; duration: number; id: number }[];
  };
  w.__benchEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      w.__benchEvents.push({ name: e.name, start: e.startTime, duration: e.duration, id: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

type EventRecord = { name: string; start: number; duration: number; id: number };
const eventsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __benchEvents: EventRecord[] }).__benchEvents.splice(0));

/** Lets the page render and paint what the last input changed: a frame, then a task after it. */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

async function throttled(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return cdp;
}

const fillUrl = (base: string, formId: string) => `${base}/data-collection/forms/${formId}/fill`;

export interface LoadedFile {
  url: string;
  type: string;
  bytes: number;
}

/**
 * What the first load of the fill page fetches, in a fresh context: CDP Network.loadingFinished's
 * encodedDataLength (response headers and the body as sent, compressed) of every request of the page
 * until the network is idle and the form is shown. With `worker`, the service worker may install, and
 * its own downloads (the install's precache) are summed apart, from Playwright's context events.
 */
export async function firstLoad(
  browser: Browser,
  base: string,
  formId: string,
  { worker }: { worker: boolean },
): Promise<{ page: LoadedFile[]; workerBytes: number; workerRequests: number }> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: worker ? 'allow' : 'block',
    ignoreHTTPSErrors: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, { url: string; type: string }>();
    const files: LoadedFile[] = [];
    cdp.on('Network.requestWillBeSent', (e) =>
      requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other' }),
    );
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      files.push({ url: r?.url ?? e.requestId, type: r?.type ?? 'Other', bytes: e.encodedDataLength });
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const fromWorker: Promise<number>[] = [];
    const onFinished = (request: Request) => {
      if (request.serviceWorker() === null) return;
      fromWorker.push(
        (async () => {
          const response = await request.response();
          if (!response || response.fromServiceWorker()) return 0;
          const size = await request.sizes();
          return size.responseHeadersSize + size.responseBodySize;
        })(),
      );
    };
    context.on('requestfinished', onFinished);
    await page.goto(fillUrl(base, formId), { waitUntil: 'networkidle', timeout: 60_000 });
    await page.locator(`#${controlIdOf('q001')}`).waitFor({ timeout: 60_000 });
    if (worker)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
    await page.waitForLoadState('networkidle');
    // The connectivity probe waits for an idle moment and the page-view ping goes last (offline-bench).
    await page.waitForTimeout(2_000);
    context.off('requestfinished', onFinished);
    const workerSizes = await Promise.all(fromWorker);
    return {
      page: files.filter((f) => !f.url.startsWith('data:')),
      workerBytes: workerSizes.reduce((a, b) => a + b, 0),
      workerRequests: workerSizes.filter((b) => b > 0).length,
    };
  } finally {
    await context.close();
  }
}

async function openForm(browser: Browser, base: string, formId: string, firstControl: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  await page.addInitScript(recordEventTiming);
  await page.goto(fillUrl(base, formId), { timeout: 60_000 });
  await page.locator(`#${firstControl}`).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  return { context, page };
}

export interface TypingRound {
  /** Every form-evaluate measure taken while typing (ms). */
  evaluations: number[];
  /** Each keystroke's interaction, key down to the next paint (Event Timing; under 16 ms counted as 16). */
  keystrokes: number[];
  keys: number;
}

/**
 * One round: the 200-question form opened in a fresh context, the CPU slowed 4×, then ~20 answers
 * typed a key at a time, the page given a frame after each key. Reads the `measure` entries named
 * `measureName` that the typing left.
 */
export async function typingRound(
  browser: Browser,
  base: string,
  formId: string,
  measureName: string,
): Promise<TypingRound> {
  const { context, page } = await openForm(browser, base, formId, controlIdOf('q001'));
  try {
    await throttled(context, page);
    await nextFrame(page);
    await page.evaluate((name) => performance.clearMeasures(name), measureName);
    await eventsOf(page);
    let keys = 0;
    for (const { name, keys: text } of typingPlan()) {
      const input = page.locator(`#${controlIdOf(name)}`);
      await input.click();
      await nextFrame(page);
      await eventsOf(page);
      for (const key of text) {
        await page.keyboard.press(key);
        await nextFrame(page);
        keys++;
      }
    }
    // The last key's Event Timing entry is delivered after its paint.
    await page.waitForTimeout(300);
    const events = await eventsOf(page);
    const keyInteractions = new Map<number, number>();
    for (const e of events)
      if (e.id > 0 && e.name.startsWith('key'))
        keyInteractions.set(e.id, Math.max(keyInteractions.get(e.id) ?? 0, e.duration));
    const evaluations = await page.evaluate(
      (n) => performance.getEntriesByName(n, 'measure').map((m) => m.duration),
      measureName,
    );
    const keystrokes = [
      ...keyInteractions.values(),
      ...Array.from({ length: Math.max(0, keys - keyInteractions.size) }, () => 16),
    ];
    return { evaluations, keystrokes, keys };
  } finally {
    await context.close();
  }
}

export interface RepeatRound {
  /** The 50th click's interaction: its longest Event Timing entry, event to next paint (ms). */
  eventTiming50: number | null;
  /** The 50th click's event time to the new instance's first input in the DOM, then a frame (ms). */
  domFrame50: number;
  /** The same for the 1st click, for comparison. */
  domFrame1: number;
  /** form-evaluate of the 50th click's change (ms). */
  evaluate50: number | null;
}

/**
 * One round: the repeat form in a fresh context, CPU 4×, 'Add Member' then 'Add another Member'
 * clicked until there are 50 instances; each click waits for its instance's first input.
 */
export async function repeatRound(
  browser: Browser,
  base: string,
  formId: string,
  measureName: string,
  instances = 50,
): Promise<RepeatRound> {
  const { context, page } = await openForm(browser, base, formId, controlIdOf('household'));
  try {
    await throttled(context, page);
    await nextFrame(page);
    const result: Partial<RepeatRound> = {};
    for (let n = 1; n <= instances; n++) {
      const target = controlIdOf(`${REPEAT_NAME}[${n}]/${REPEAT_FIRST_CHILD}`);
      // Armed before the click: the click's event time, the first input's arrival, a frame after it.
      await page.evaluate(
        ({ target, measureName }) => {
          performance.clearMeasures(measureName);
          const w = window as unknown as { __benchAdd: Promise<{ click: number; done: number }> };
          w.__benchAdd = new Promise((resolve) => {
            let click = 0;
            addEventListener('click', (e) => (click = e.timeStamp), { capture: true, once: true });
            // No named functions in here: the bundler's name helper does not exist in the page.
            const observer = new MutationObserver(() => {
              if (!document.getElementById(target)) return;
              observer.disconnect();
              requestAnimationFrame(() => setTimeout(() => resolve({ click, done: performance.now() }), 0));
            });
            observer.observe(document.body, { childList: true, subtree: true });
          });
        },
        { target, measureName },
      );
      if (n === instances) await eventsOf(page);
      await page
        .getByRole('button', { name: n === 1 ? `Add ${REPEAT_LABEL}` : `Add another ${REPEAT_LABEL}` })
        .click();
      const { click, done } = await page.evaluate(
        () => (window as unknown as { __benchAdd: Promise<{ click: number; done: number }> }).__benchAdd,
      );
      if (n === 1) result.domFrame1 = done - click;
      if (n === instances) {
        result.domFrame50 = done - click;
        await page.waitForTimeout(300);
        const clicks = (await eventsOf(page)).filter((e) => e.id > 0);
        const lastId = clicks.find((e) => e.name === 'click')?.id ?? clicks.at(-1)?.id;
        const ofClick = clicks.filter((e) => e.id === lastId).map((e) => e.duration);
        result.eventTiming50 = ofClick.length ? Math.max(...ofClick) : null;
        const measures = await page.evaluate(
          (name) => performance.getEntriesByName(name, 'measure').map((m) => m.duration),
          measureName,
        );
        result.evaluate50 = measures.length ? Math.max(...measures) : null;
      }
    }
    return result as RepeatRound;
  } finally {
    await context.close();
  }
}

/**
 * 1,000 responses of the demo form put into the page's outbox store while offline, as the fill page
 * queues them (tests/e2e/data-collection-durability.spec.ts); then online, and the time until the
 * page's own outbox has sent them all and the store is empty.
 */
export async function flushRun(
  browser: Browser,
  base: string,
  formId: string,
  count: number,
): Promise<{ ms: number; left: number }> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(fillUrl(base, formId), { timeout: 60_000 });
    await page.getByText('No unsent responses on this device.').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await queueSurveyResponses(page, formId, count);
    if ((await outboxCount(page)) !== count)
      throw new Error('The outbox does not hold the queued responses.');
    const started = performance.now();
    await context.setOffline(false);
    let left = count;
    while (left > 0 && performance.now() - started < 300_000) {
      await page.waitForTimeout(100);
      left = await outboxCount(page);
    }
    return { ms: performance.now() - started, left };
  } finally {
    await context.close();
  }
}
