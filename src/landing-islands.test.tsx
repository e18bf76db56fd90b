import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from '@/features/landing/components/landing-page';
import { landingIslands } from './landing-islands';

/** As the build prerenders /: no browser globals at all. */
function prerenderLanding(): string {
  for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'matchMedia', 'navigator'])
    vi.stubGlobal(name, undefined);
  try {
    return renderToString(<LandingPage />);
  } finally {
    vi.unstubAllGlobals();
  }
}

const roots: Root[] = [];
afterEach(() => {
  act(() => roots.splice(0).forEach((r) => r.unmount()));
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('landing page islands (ADR 0007)', () => {
  it('marks exactly the interactive parts, and every island name has a component', () => {
    document.body.innerHTML = prerenderLanding();
    const names = [...document.querySelectorAll<HTMLElement>('[data-island]')].map((el) => el.dataset.island);
    expect(names.sort()).toEqual(Object.keys(landingIslands).sort());
  });

  it('hydrates each island on its own against the prerendered markup, with no mismatch', async () => {
    document.body.innerHTML = prerenderLanding();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((media: string) => ({ matches: false, media, addEventListener() {}, removeEventListener() {} })),
    );
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    for (const container of document.querySelectorAll<HTMLElement>('[data-island]')) {
      const Island = landingIslands[container.dataset.island!]!;
      await act(async () => {
        roots.push(
          hydrateRoot(
            container,
            <StrictMode>
              <Island />
            </StrictMode>,
            { onRecoverableError: (error) => errors.push(error) },
          ),
        );
      });
    }
    expect(errors).toEqual([]);
    // Hydrated: the header's controls now answer (the menu button toggles its label).
    const menuButton = document.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]')!;
    await act(async () => menuButton.click());
    expect(menuButton.getAttribute('aria-label')).toBe('Close menu');
  });
});
