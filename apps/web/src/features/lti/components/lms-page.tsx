import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { AnchorLink } from '@/components/ui/router-link';
import type { SearchSelectFieldProps } from '@/components/ui/search-select';
import { AccountLinksCard } from './account-links-card';
import { LmsCoursesCard, type OrganizationCourseSelect } from './lms-courses-card';
import { PlatformsCard } from './platforms-card';
import { RegisterPlatformForm } from './register-platform-form';
import { ToolValuesCard } from './tool-values-card';

/** What the organizations feature lends this page; the route passes them in. */
export type OrganizationParts = {
  /** The picker of the organizations the signed-in admin runs. */
  OrganizationSelect: ComponentType<SearchSelectFieldProps>;
  /** Waits for those organizations, then renders its children with the URL's or the only one. */
  OrganizationGate: ComponentType<{
    organizationId?: string | undefined;
    children: (preselected: string | undefined) => ReactNode;
  }>;
  /** The picker of one organization's courses (linking an LMS course to one). */
  CourseSelect: OrganizationCourseSelect;
  /** The organization's email domains, read-only (issue 34: a superadmin sets them). */
  OrganizationDomains: ComponentType<{ organizationId: string }>;
};

type LmsPageProps = OrganizationParts & {
  /** The organization of the URL, if any. */
  organizationId: string | undefined;
  /** Its name, once known (the back link says it). */
  organizationName: string | undefined;
  /** Chooses an organization (an admin of several who came without one). */
  onOrganizationChange: (organizationId: string) => void;
};

/**
 * An organization's LMS connection (issue 28): the email domains its platforms vouch for (issue
 * 34), what to paste into the LMS, the LMSs registered, the account links launches made, and a
 * form to register one by hand.
 */
export function LmsPage({
  organizationId,
  organizationName,
  onOrganizationChange,
  OrganizationSelect,
  OrganizationGate,
  CourseSelect,
  OrganizationDomains,
}: LmsPageProps) {
  return (
    <>
      <PageHeader
        title="LMS (LTI 1.3)"
        description="Let instructors and students open Teamup from their course in Moodle, Canvas or another LMS, with the roster kept in sync."
        actions={
          organizationId ? (
            <AnchorLink
              to="/admin/organizations/$orgId"
              params={{ orgId: organizationId }}
              size="sm"
              c="blue.9"
              w="fit-content"
            >
              <Group gap={4} component="span" wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden />
                {organizationName ?? 'Organization'}
              </Group>
            </AnchorLink>
          ) : (
            <AnchorLink to="/admin/organizations" size="sm" c="blue.9" w="fit-content">
              <Group gap={4} component="span" wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden />
                My organizations
              </Group>
            </AnchorLink>
          )
        }
      />
      <OrganizationGate organizationId={organizationId}>
        {(preselected) =>
          preselected ? (
            <Stack gap="lg">
              <OrganizationDomains organizationId={preselected} />
              <ToolValuesCard organizationId={preselected} />
              <PlatformsCard organizationId={preselected} />
              <LmsCoursesCard organizationId={preselected} CourseSelect={CourseSelect} />
              <AccountLinksCard organizationId={preselected} />
              <RegisterPlatformForm key={preselected} organizationId={preselected} />
            </Stack>
          ) : (
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
              <Stack gap="sm">
                <Text size="sm">
                  Each organization has its own LMS registrations. Choose the organization to set
                  up.
                </Text>
                <OrganizationSelect
                  label="Organization"
                  placeholder="Choose an organization"
                  value={null}
                  onChange={(value) => value && onOrganizationChange(value)}
                />
              </Stack>
            </Paper>
          )
        }
      </OrganizationGate>
    </>
  );
}
