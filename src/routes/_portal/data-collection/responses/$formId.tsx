import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { getFormQueryOptions } from '@/features/data-collection/api/get-form';
import { publicDefinitionQueryOptions } from '@/features/data-collection/api/get-public-definition';
import { responsesQueryOptions } from '@/features/data-collection/responses/api/get-responses';
import { summaryQueryOptions } from '@/features/data-collection/responses/api/get-summary';
import { ResponsesScreen } from '@/features/data-collection/responses/components/responses-screen';
import { filterOf, responsesSearch } from '@/features/data-collection/responses/responses-filter';
import { can } from '@contract/permissions';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/data-collection/responses/$formId')({
  validateSearch: (search: Record<string, unknown>) => responsesSearch.parse(search),
  loaderDeps: ({ search }) => ({ filter: filterOf(search), summary: search.view === 'summary' }),
  // Warm, never wait: the screen shows its skeletons while the form and its responses load.
  loader: ({ context, params, deps }) => {
    const { queryClient } = context;
    const ignore = () => undefined;
    void queryClient.query(getFormQueryOptions(params.formId)).catch(ignore);
    void queryClient.query(publicDefinitionQueryOptions(params.formId)).catch(ignore);
    if (deps.summary) void queryClient.query(summaryQueryOptions(params.formId, deps.filter)).catch(ignore);
    else void queryClient.infiniteQuery(responsesQueryOptions(params.formId, deps.filter)).catch(ignore);
  },
  component: FormResponsesPage,
});

function FormResponsesPage() {
  const { formId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // A convenience only: the server checks every action's permission and scopes what it answers.
  const role = getStoredRole();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <Link
        to="/data-collection"
        className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All forms
      </Link>
      <ResponsesScreen
        formId={formId}
        search={search}
        onSearchChange={(patch, options) =>
          void navigate({
            search: (prev) => ({ ...prev, ...patch }),
            replace: options?.replace,
            resetScroll: false,
          })
        }
        permissions={{ review: can(role, 'responses:review'), readAll: can(role, 'responses:read') }}
      />
    </div>
  );
}
