import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useMyOrganization } from '../api/get-my-organization';

/** What an organization's domains do, in one sentence (issue 34, decision 141). */
export const DOMAINS_EXPLAINED =
  "This organization's LMS platforms vouch for emails inside these domains only: a launch with any other email gets a separate LMS-only account, which its person can link to their Teamup account.";

/**
 * An organization's email domains for its admins, who cannot change them: a superadmin sets
 * them. Without any, every LMS launch starts a separate LMS-only account, which the card warns of.
 */
export function OrganizationDomainsView({
  domains,
  headingSize = 'xl',
}: {
  domains: readonly string[];
  /** The organization page's cards have xl headings, the LMS page's lg. */
  headingSize?: 'lg' | 'xl';
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="organization-domains-heading"
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} fz={headingSize} id="organization-domains-heading">
            Email domains
          </Title>
          <Text size="sm" c="dimmed">
            {DOMAINS_EXPLAINED}
          </Text>
          <Text size="sm" c="dimmed">
            Set by a Teamup superadmin.
          </Text>
        </Stack>
        {domains.length === 0 ? (
          <Alert
            color="yellow.9"
            variant="outline"
            title="No email domains yet"
            icon={<IconAlertTriangle aria-hidden />}
            role="status"
            // Yellow text misses 4.5:1 on a light card; the border and the icon carry the color.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            Every LMS launch gets a separate LMS-only account until a Teamup superadmin sets this
            organization&apos;s domains.
          </Alert>
        ) : (
          <Group
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Domains"
          >
            {domains.map((domain) => (
              <li key={domain}>
                <Badge size="lg" variant="light" color="blue.9" tt="none" maw="100%">
                  {domain}
                </Badge>
              </li>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The same card for a page that has only the organization's id (the LMS page). */
export function MyOrganizationDomains({ organizationId }: { organizationId: string }) {
  const organization = useMyOrganization(organizationId);
  if (organization.isPending) return <InlineLoader label="Loading the email domains" />;
  if (organization.isError) {
    return (
      <ErrorAlert
        title="Could not load the email domains"
        error={organization.error}
        onRetry={() => void organization.refetch()}
      />
    );
  }
  return <OrganizationDomainsView domains={organization.data.domains} headingSize="lg" />;
}
