import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/s/')({
  beforeLoad: () => {
    throw redirect({ to: '/s/dashboard' });
  },
});
