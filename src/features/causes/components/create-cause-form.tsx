import type { CauseDetail } from '@contract/causes';
import { useCreateCause } from '../api/create-cause';
import { emptyCauseForm } from '../cause-form';
import { CauseForm } from './cause-form';
import { notify } from '@/lib/notify';

export function CreateCauseForm({ onCreated }: { onCreated: (cause: CauseDetail) => void }) {
  const create = useCreateCause();
  return (
    <CauseForm
      defaultValues={emptyCauseForm()}
      submitLabel="Create cause"
      pendingLabel="Creating..."
      onSave={(body, idempotencyKey) => create.mutateAsync({ body, idempotencyKey })}
      onSaved={(cause) => {
        notify.success(cause.status === 'published' ? 'Cause published.' : 'Cause saved as a draft.');
        onCreated(cause);
      }}
    />
  );
}
