import { Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import type { OrganizationActivity } from '@teamup/shared';
import { AnchorLink } from '@/components/ui/router-link';
import { countOf } from '@/lib/format';
import { formatCount } from '../utils/format';

function RankingList({
  title,
  organizations,
  empty,
}: {
  title: string;
  organizations: OrganizationActivity[];
  empty: string;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {organizations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List type="ordered" spacing="xs">
          {organizations.map((o) => (
            <List.Item key={o.id}>
              <AnchorLink to="/s/organizations/$orgId" params={{ orgId: o.id }} fw={600}>
                {o.name}
              </AnchorLink>
              <Text size="sm" c="dimmed">
                {formatCount(o.activeUsers)} of {countOf(o.people, 'person', 'people')} active ·{' '}
                {countOf(o.signIns, 'sign-in')}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

/** The most and least active organizations of the range, each linking to its page. */
export function OrganizationRanking({
  mostActive,
  leastActive,
}: {
  mostActive: OrganizationActivity[];
  leastActive: OrganizationActivity[];
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <RankingList
        title="Most active organizations"
        organizations={mostActive}
        empty="No organization yet."
      />
      <RankingList
        title="Least active organizations"
        organizations={leastActive}
        empty="Every organization is in the list of the most active."
      />
    </SimpleGrid>
  );
}
