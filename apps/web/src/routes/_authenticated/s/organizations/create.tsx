import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CreateOrganizationPage } from '@/features/organizations/components/create-organization-page';
import { useDocumentTitle } from '@/components/ui/document-title';

export const Route = createFileRoute('/_authenticated/s/organizations/create')({
  component: CreateOrganizationRoute,
});

function CreateOrganizationRoute() {
  useDocumentTitle(['New organization', 'Organizations']);
  const navigate = useNavigate();
  return (
    <CreateOrganizationPage
      onCreated={(orgId) => void navigate({ to: '/s/organizations/$orgId', params: { orgId } })}
      onCancel={() => void navigate({ to: '/s/organizations' })}
    />
  );
}
