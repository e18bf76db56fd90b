import { createFileRoute } from '@tanstack/react-router';
import { browserXPathHost } from '@contract/forms/engine/browser-host';
import { FormFrame } from '@/components/layouts/form-frame';
import { publicDefinitionQueryOptions } from '@/features/data-collection/api/get-public-definition';
import { FillPage } from '@/features/data-collection/components/fill/fill-page';

export const Route = createFileRoute('/data-collection/forms/$formId/fill')({
  // Warm, never wait: offline the saved definition answers, online the page shows its skeleton.
  // The expression evaluator loads beside the definition, not after it.
  loader: ({ context, params }) => {
    void context.queryClient.query(publicDefinitionQueryOptions(params.formId)).catch(() => undefined);
    void browserXPathHost().catch(() => undefined);
  },
  component: FormFillRoute,
});

function FormFillRoute() {
  const { formId } = Route.useParams();
  return (
    <FormFrame>
      <FillPage formId={formId} />
    </FormFrame>
  );
}
