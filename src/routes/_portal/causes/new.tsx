import { createFileRoute, redirect } from '@tanstack/react-router';

// SPEC §2: /causes/new is an old address of /causes/create.
export const Route = createFileRoute('/_portal/causes/new')({
  beforeLoad: () => {
    throw redirect({ to: '/causes/create', replace: true });
  },
});
