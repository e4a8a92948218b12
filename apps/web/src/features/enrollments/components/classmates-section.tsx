import { Badge, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Classmate } from '@teamup/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AnchorLink } from '@/components/ui/router-link';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { SkillBadges } from '@/components/ui/skill-badges';
import { UserAvatar } from '@/components/ui/user-avatar';
import { classmatesListQuery, useClassmates } from '../api/get-classmates';

const SKILLS_SHOWN = 5;

function ClassmateCard({ classmate }: { classmate: Classmate }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar fullname={classmate.fullname} avatar={classmate.avatar} size="md" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <AnchorLink
            to="/community/$userId"
            params={{ userId: classmate.userId }}
            fw={600}
            size="sm"
          >
            {classmate.fullname}
          </AnchorLink>
          {classmate.headline && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {classmate.headline}
            </Text>
          )}
          {classmate.lookingForTeam && (
            <Badge size="sm" color="teal.9" variant="filled" w="fit-content">
              Looking for team
            </Badge>
          )}
          {/* Issue 35: no "your team wants it" here: a classmate in a team cannot be invited. */}
          <SkillBadges
            skills={classmate.skills}
            size="sm"
            max={SKILLS_SHOWN}
            empty="No skills listed"
            list={false}
          />
        </Stack>
      </Group>
    </Card>
  );
}

export function ClassmatesSection({ courseId }: { courseId: string }) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const classmates = useClassmates(courseId, classmatesListQuery({ page, search }));

  return (
    <Stack gap="md" component="section" aria-labelledby="classmates-heading">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="classmates-heading">
            Classmates in teams
          </Title>
          <Text size="sm" c="dimmed">
            Active students of this course already in a team; those without one are listed under
            Teams.
          </Text>
        </Stack>
        <TextInput
          label="Search classmates in teams"
          placeholder="Name or email"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      {classmates.isPending ? (
        <InlineLoader label="Loading classmates" />
      ) : classmates.isError ? (
        <ErrorAlert
          title="Could not load your classmates"
          error={classmates.error}
          onRetry={() => void classmates.refetch()}
        />
      ) : classmates.data.items.length === 0 ? (
        <EmptyState>
          {search
            ? 'No classmate in a team matches your search.'
            : 'No classmate is in a team yet.'}
        </EmptyState>
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 1, sm: 2, xl: 3 }}
            spacing="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {classmates.data.items.map((c) => (
              <ClassmateCard key={c.userId} classmate={c} />
            ))}
          </SimpleGrid>
          <ListPagination
            page={classmates.data.page}
            limit={classmates.data.limit}
            total={classmates.data.total}
            noun="classmates"
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
