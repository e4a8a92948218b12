import type { ReactNode } from 'react';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useOrganizationOption } from '../api/get-organization-option';
import { useOrganizationOptions } from '../api/get-organization-options';

export type MyOrganizationsGateProps = {
  /** An organization asked for (by the URL), chosen first when the admin runs it. */
  organizationId?: string | undefined;
  /** What needs one of my organizations, given the one to start with, if any. */
  children: (preselected: string | undefined) => ReactNode;
};

/**
 * Shows its children once the signed-in admin's organizations are known and there is at least
 * one: the one asked for, or the only one the admin runs, comes preselected. Course creation
 * passes through it; its route hands it to the page.
 */
export function MyOrganizationsGate({ organizationId, children }: MyOrganizationsGateProps) {
  // The first page of my organizations: is there any, and is there only one to choose?
  const organizations = useOrganizationOptions();
  const first = organizations.data?.items ?? [];
  const inFirstPage = first.some((o) => o.id === organizationId);
  // An organization from the URL beyond the first page is looked up by itself.
  const fromUrl = useOrganizationOption(organizationId, organizations.isSuccess && !inFirstPage);
  const lookingUp = Boolean(organizationId) && !inFirstPage && fromUrl.isLoading;
  const preselected =
    inFirstPage || fromUrl.isSuccess
      ? organizationId
      : organizations.data?.total === 1
        ? first[0]?.id
        : undefined;

  if (organizations.isPending || lookingUp) {
    return <InlineLoader label="Loading your organizations" />;
  }
  if (organizations.isError) {
    return (
      <ErrorAlert
        title="Could not load your organizations"
        error={organizations.error}
        onRetry={() => void organizations.refetch()}
      />
    );
  }
  if (organizations.data.total === 0) {
    return (
      <EmptyState>
        You do not run any organization yet. A superadmin appoints organization admins.
      </EmptyState>
    );
  }
  return children(preselected);
}
