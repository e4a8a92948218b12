import { Paper } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateOrganization } from '../api/create-organization';
import { notifyFailure, notifySuccess } from '../notifications';
import { OrganizationForm } from './organization-form';

type CreateOrganizationPageProps = {
  onCreated: (organizationId: string) => void;
  onCancel: () => void;
};

export function CreateOrganizationPage({ onCreated, onCancel }: CreateOrganizationPageProps) {
  const create = useCreateOrganization();
  return (
    <>
      <PageHeader
        title="Create organization"
        description="A new organization and the admins who will run it."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={720}>
        <OrganizationForm
          ariaLabel="Create organization"
          submitLabel="Create organization"
          suggestSlugFromName
          pending={create.isPending}
          onCancel={onCancel}
          onSubmit={async (values) => {
            try {
              const organization = await create.mutateAsync(values);
              notifySuccess(
                'Organization created',
                `${organization.name} is ready. Appoint its admins next.`,
              );
              onCreated(organization.id);
            } catch (error) {
              notifyFailure('Could not create the organization', error);
              throw error;
            }
          }}
        />
      </Paper>
    </>
  );
}
