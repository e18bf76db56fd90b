import { useNavigate, useSearch } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { campaignsSearch } from './campaigns-search';
import { CampaignsScreen, type CampaignsViewer } from './components/campaigns-screen';

export const nadia = { id: 'nadia', name: 'Nadia Uwase', role: 'NGO_ADMIN' };
export const sam = { id: 'sam', name: 'Sam Super', role: 'SUPER_ADMIN' };
export const eric = { id: 'eric', name: 'Eric Staff', role: 'STAFF' };

/** The route's part: the search lives in the test router's URL, as in the app. */
function Harness({ viewer }: { viewer: CampaignsViewer }) {
  const search = campaignsSearch.parse(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  return (
    <CampaignsScreen
      search={search}
      onSearchChange={(next, options) =>
        void navigate({ to: '.', search: next as never, replace: options?.replace })
      }
      viewer={viewer}
    />
  );
}

/** Signs `viewer` in and renders Send Notification at `path` (/admin/bulk-email and its search). */
export function renderCampaigns(
  viewer: CampaignsViewer & { name: string },
  path = '/admin/bulk-email',
  queryClient?: QueryClient,
) {
  signInAs(viewer);
  return renderWithRouter(<Harness viewer={viewer} />, { path, ...(queryClient && { queryClient }) });
}

const sentTo = (method: string, path: string) => (requests: StubbedRequest[]) =>
  requests.filter((r) => r.method === method && new URL(r.url, 'http://localhost').pathname === path);

/** The requests the stub recorded with this method to this path (query string aside). */
export const posts = (requests: StubbedRequest[], path: string) => sentTo('POST', path)(requests);
export const gets = (requests: StubbedRequest[], path: string) => sentTo('GET', path)(requests);
