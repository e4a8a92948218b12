import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';

// Content arrives with the feature that owns this page; the route and its title exist now.
export const Route = createFileRoute('/_authenticated/s/organizations/')({
  component: () => (
    <PageHeader title="Organizations" description="Every organization on Teamup and its admins." />
  ),
});
