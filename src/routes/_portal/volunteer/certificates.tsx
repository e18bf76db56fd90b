import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { documentsQueryOptions } from '@/features/documents/api/get-documents';
import { DocumentsScreen } from '@/features/documents/components/documents-screen';
import { documentFilterOf, documentsSearch } from '@/features/documents/documents-filter';
import { getStoredRole, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/volunteer/certificates')({
  validateSearch: (search: Record<string, unknown>) => documentsSearch.parse(search),
  loaderDeps: ({ search }) => ({ filter: documentFilterOf(search) }),
  // Warm, never wait: the screen shows its skeletons. Only what the role may read is asked.
  loader: ({ context, deps }) => {
    if (!can(getStoredRole(), 'documents:read')) return;
    void context.queryClient.infiniteQuery(documentsQueryOptions(deps.filter)).catch(() => undefined);
  },
  component: CertificatesLettersPage,
});

function CertificatesLettersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // A convenience only: the server checks the role and the organisation on every request.
  const viewer = { id: getStoredUser()?.id ?? '', role: getStoredRole() };
  return (
    <DocumentsScreen
      filter={documentFilterOf(search)}
      onFilterChange={(filter) =>
        void navigate({ search: documentFilterOf(filter), replace: true, resetScroll: false })
      }
      viewer={viewer}
    />
  );
}
