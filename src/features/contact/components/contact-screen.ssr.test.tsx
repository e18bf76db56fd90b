import { expect, it } from 'vitest';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { ContactScreen } from './contact-screen';

it('prerenders and hydrates without a mismatch', async () => {
  const { html } = await prerenderAndHydrate(<ContactScreen />, '/contact');
  expect(html).toContain('href="mailto:info@ngoportal.example"');
  expect(html).toContain('Monday to Friday 9:00-18:00');
});
