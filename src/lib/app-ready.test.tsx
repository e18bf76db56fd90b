import { startTransition, Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { expectHydratedContent, useAppReadyMark } from './app-ready';

// As the router draws a public page: the root, then the page's content inside nested Suspense
// boundaries, which React hydrates in passes of their own after the root has committed.
function Search() {
  const [text, setText] = useState('');
  useAppReadyMark('content');
  return (
    <>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <output>{text}</output>
    </>
  );
}
function Page() {
  useAppReadyMark('root');
  return (
    <Suspense fallback={null}>
      <Suspense fallback={null}>
        <Search />
      </Suspense>
    </Suspense>
  );
}

const ready = () => document.documentElement.dataset.appReady === 'true';

/** What public/boot.js does with text typed before the code ran, once the page is marked ready. */
function handOver(field: HTMLInputElement, value: string) {
  const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  field.value = '';
  nativeValue.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('the ready mark of a hydrated page', () => {
  afterEach(() => {
    delete document.documentElement.dataset.appReady;
    document.body.innerHTML = '';
  });

  it('comes once the page content has hydrated, so text handed over then is kept', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const field = container.querySelector('input')!;
    nativeType(field, 'Education');

    expectHydratedContent();
    startTransition(() => void hydrateRoot(container, <Page />));
    // Each turn of the event loop lets React hydrate a part; the hand-over runs on the first turn
    // that finds the mark, as boot.js polls for it.
    for (let turn = 0; turn < 200 && !ready(); turn++) await nextTurn();
    expect(ready()).toBe(true);
    handOver(field, 'Education');
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    expect(container.querySelector('output')).toHaveTextContent('Education');
    expect(field).toHaveValue('Education');
  });
});

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Text typed into the prerendered field before any code ran. */
function nativeType(field: HTMLInputElement, value: string) {
  field.value = value;
}
