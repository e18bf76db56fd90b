import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { openApiFixture } from '../openapi.fixture';
import { ApiReference } from './api-reference';

afterEach(() => {
  vi.restoreAllMocks();
});

const operation = (title: string) => screen.getByRole('article', { name: title });

describe('ApiReference', () => {
  it('renders the operations of the live OpenAPI document, grouped by tag', async () => {
    const { requests } = stubFetch(() => jsonResponse(openApiFixture));
    const { user } = await renderWithRouter(<ApiReference />, { path: '/api' });

    expect(screen.getByRole('heading', { level: 1, name: 'API reference' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Auth' })).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ url: '/api/openapi.json', method: 'GET' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Basics',
      'System',
      'Auth',
      'Organisations',
    ]);

    const signin = within(operation('POST /api/auth/signin'));
    expect(signin.getByText('Sign in with email and password')).toBeInTheDocument();
    expect(signin.getByText('No authentication')).toBeInTheDocument();
    // The fields are drawn once asked for.
    expect(signin.queryByText('email', { selector: 'code' })).not.toBeInTheDocument();
    await user.click(signin.getByText('Request body and responses'));
    expect(signin.getByText('email_not_verified', { selector: 'code' })).toBeInTheDocument();
    expect(signin.getByText('email', { selector: 'code' })).toBeInTheDocument();
    expect(signin.getByText('format: email; 1 to 254 characters')).toBeInTheDocument();
    expect(signin.getAllByText('required').length).toBeGreaterThanOrEqual(2);
    expect(signin.getByText('Wrong email or password')).toBeInTheDocument();
    expect(signin.getByText('401')).toBeInTheDocument();

    const members = within(operation('GET /api/ngos/{ngoId}/members'));
    expect(members.getByText('Requires a bearer token')).toBeInTheDocument();
    await user.click(members.getByText(/^Parameters/));
    expect(members.getByText('matches ^[0-9a-z]{26}$')).toBeInTheDocument();

    await user.click(within(operation('GET /api/health')).getByText('Responses'));
    expect(
      within(operation('GET /api/health')).getByText('The database does not answer'),
    ).toBeInTheDocument();
  });

  it('opens the operation a link points to', async () => {
    stubFetch(() => jsonResponse(openApiFixture));
    await renderWithRouter(<ApiReference />, { path: '/api#op-get-api-health' });
    const health = within(await screen.findByRole('article', { name: 'GET /api/health' }));
    expect(health.getByText('The database does not answer')).toBeInTheDocument();
    expect(within(operation('POST /api/auth/signin')).queryByText('401')).not.toBeInTheDocument();
  });

  it('renders text from the document as text, never as HTML', async () => {
    const hostile = structuredClone(openApiFixture);
    hostile.paths!['/api/health']!.get = {
      tags: ['System'],
      summary: '<img src=x onerror=alert(1)>',
      responses: {},
    };
    stubFetch(() => jsonResponse(hostile));
    const { container } = await renderWithRouter(<ApiReference />, { path: '/api' });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('explains the basics before the reference', async () => {
    stubFetch(() => jsonResponse(openApiFixture));
    await renderWithRouter(<ApiReference />, { path: '/api' });
    expect(screen.getByText('Base URL')).toBeInTheDocument();
    expect(screen.getByText('{ message, code, fields? }')).toBeInTheDocument();
    expect(screen.getByText('Authorization: Bearer <token>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
  });

  it('shows a skeleton, then an error with a working Retry', async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? jsonResponse({ message: 'Something went wrong on our side.', code: 'internal_error' }, 500)
        : jsonResponse(openApiFixture),
    );
    const { user: u } = await renderWithRouter(<ApiReference />, { path: '/api' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the API reference...');

    expect(await screen.findByRole('alert')).toHaveTextContent('The API reference could not be loaded.');
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'POST /api/auth/signin' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
