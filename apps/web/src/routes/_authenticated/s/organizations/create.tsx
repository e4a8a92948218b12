import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CreateOrganizationPage } from '@/features/organizations/components/create-organization-page';

export const Route = createFileRoute('/_authenticated/s/organizations/create')({
  component: CreateOrganizationRoute,
});

function CreateOrganizationRoute() {
  const navigate = useNavigate();
  return (
    <CreateOrganizationPage
      onCreated={(orgId) => void navigate({ to: '/s/organizations/$orgId', params: { orgId } })}
      onCancel={() => void navigate({ to: '/s/organizations' })}
    />
  );
}
