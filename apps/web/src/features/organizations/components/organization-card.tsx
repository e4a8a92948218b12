import { Anchor, Badge, Card, Code, Group, Stack, Text } from '@mantine/core';
import type { OrganizationSummary } from '@teamup/shared';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../utils/format-date';
import { OrganizationCounts } from './organization-counts';

type OrganizationCardProps = {
  organization: OrganizationSummary;
  /** Which area's detail page the name links to. */
  area: 'superadmin' | 'admin';
};

export function OrganizationCard({ organization, area }: OrganizationCardProps) {
  const params = { orgId: organization.id };
  return (
    <Card withBorder radius="lg" padding="md" component="article">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor
            renderRoot={(props) =>
              area === 'superadmin' ? (
                <Link {...props} to="/s/organizations/$orgId" params={params} />
              ) : (
                <Link {...props} to="/admin/organizations/$orgId" params={params} />
              )
            }
            fw={700}
            fz="lg"
            c="blue.9"
            style={{ overflowWrap: 'anywhere' }}
          >
            {organization.name}
          </Anchor>
          {organization.deletedAt && (
            <Badge color="red.9" variant="filled" style={{ flexShrink: 0 }}>
              Deleted
            </Badge>
          )}
        </Group>
        <Code w="fit-content">{organization.slug}</Code>
        {organization.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {organization.description}
          </Text>
        )}
        <OrganizationCounts organization={organization} />
        <Text size="xs" c="dimmed">
          Created{' '}
          <time dateTime={organization.createdAt}>{formatDate(organization.createdAt)}</time>
        </Text>
      </Stack>
    </Card>
  );
}
