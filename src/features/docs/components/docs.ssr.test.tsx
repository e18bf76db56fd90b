import { expect, it, vi } from 'vitest';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { openApiFixture } from '../openapi.fixture';
import { ApiReference } from './api-reference';
import { DocumentationScreen } from './documentation-screen';

it('prerenders the documentation and hydrates without a mismatch', async () => {
  const { html } = await prerenderAndHydrate(<DocumentationScreen />, '/documentation');
  expect(html).toContain('SuperAdmin Tools');
});

it('prerenders the API reference as its skeleton and fetches the document in the browser', async () => {
  const { requests } = stubFetch(() => jsonResponse(openApiFixture));
  const { html, container } = await prerenderAndHydrate(<ApiReference />, '/api');
  expect(html).toContain('Loading the API reference...');
  await vi.waitFor(() => expect(container.textContent).toContain('POST /api/auth/signin'));
  expect(requests).toHaveLength(1);
});
