import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { defined, optionalUuid } from '@/lib/search-params';
import { ltiPlatformsQueryOptions } from '@/features/lti/api/get-lti-platforms';
import { ltiToolConfigQueryOptions } from '@/features/lti/api/get-lti-tool-config';
import { ltiContextsQueryOptions } from '@/features/lti/api/get-lti-contexts';
import {
  LINK_EVENTS_PAGE_SIZE,
  ltiLinkEventsQueryOptions,
} from '@/features/lti/api/get-lti-link-events';
import type { OrganizationCourseSelect } from '@/features/lti/components/lms-courses-card';
import { LmsPage } from '@/features/lti/components/lms-page';
import { CourseSelect } from '@/features/enrollments/components/course-select';
import { myOrganizationQueryOptions } from '@/features/organizations/api/get-my-organization';
import { organizationOptionsQueryOptions } from '@/features/organizations/api/get-organization-options';
import { MyOrganizationsGate } from '@/features/organizations/components/my-organizations-gate';
import { MyOrganizationDomains } from '@/features/organizations/components/organization-domains-view';
import { OrganizationSelect } from '@/features/organizations/components/organization-select';
import { useDocumentTitle } from '@/components/ui/document-title';

type LmsSearch = { organizationId?: string };

const validateLmsSearch = (search: Record<string, unknown>): LmsSearch =>
  defined({ organizationId: optionalUuid(search.organizationId) });

// Issue 28: an organization's LMS registrations. Reached from the organization's page (SPEC's
// menu stays as it is), so it carries the organization in its search.
export const Route = createFileRoute('/_authenticated/admin/lms')({
  validateSearch: validateLmsSearch,
  loaderDeps: ({ search }) => ({ organizationId: search.organizationId }),
  loader: ({ context, deps }) => {
    // prefetch, not ensure: the page shows its own loading and error states.
    void context.queryClient.prefetchQuery(organizationOptionsQueryOptions());
    void context.queryClient.prefetchQuery(ltiPlatformsQueryOptions());
    if (deps.organizationId) {
      void context.queryClient.prefetchQuery(ltiToolConfigQueryOptions(deps.organizationId));
      void context.queryClient.prefetchQuery(ltiContextsQueryOptions(deps.organizationId));
      void context.queryClient.prefetchQuery(myOrganizationQueryOptions(deps.organizationId));
      void context.queryClient.prefetchQuery(
        ltiLinkEventsQueryOptions(deps.organizationId, { page: 1, limit: LINK_EVENTS_PAGE_SIZE }),
      );
    }
  },
  component: LmsRoute,
});

/** The organization's active courses, named "CS301 · Software Engineering Project". */
const OrganizationCourses: OrganizationCourseSelect = (props) => (
  <CourseSelect {...props} formatLabel={(c) => `${c.code} · ${c.title}`} />
);

function LmsRoute() {
  const { organizationId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const name = useQuery({
    ...myOrganizationQueryOptions(organizationId ?? ''),
    enabled: Boolean(organizationId),
  }).data?.name;
  useDocumentTitle(['LMS', name, 'Organizations']);
  return (
    <LmsPage
      organizationId={organizationId}
      organizationName={name}
      onOrganizationChange={(id) => void navigate({ search: { organizationId: id } })}
      OrganizationSelect={OrganizationSelect}
      OrganizationGate={MyOrganizationsGate}
      CourseSelect={OrganizationCourses}
      OrganizationDomains={MyOrganizationDomains}
    />
  );
}
