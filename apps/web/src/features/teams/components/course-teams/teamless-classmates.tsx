import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Classmate } from '@teamup/shared';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '@/components/ui/list-pagination';
import { EmptyState, ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import { SkillBadges } from '@/components/ui/skill-badges';
import { UserAvatar } from '@/components/ui/user-avatar';
import { teamlessClassmatesQuery, useCourseClassmates } from '../../api/get-course-classmates';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-search';
import { InviteModal } from '../shared/invite-modal';
import type { CourseTeamState } from './use-course-team-state';

const SKILLS_SHOWN = 4;

type ClassmateItemProps = {
  classmate: Classmate;
  /** Set when the viewer may invite: leader of a team with a free seat, before the deadline. */
  onInvite?: (classmate: Classmate) => void;
  invited: boolean;
};

function ClassmateItem({ classmate, onInvite, invited }: ClassmateItemProps) {
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar fullname={classmate.fullname} avatar={classmate.avatar} size="md" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <AnchorLink
            to="/community/$userId"
            params={{ userId: classmate.userId }}
            fw={600}
            size="sm"
            style={{ wordBreak: 'break-word' }}
          >
            {classmate.fullname}
          </AnchorLink>
          {classmate.headline && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {classmate.headline}
            </Text>
          )}
          <Group gap={4}>
            {classmate.lookingForTeam && (
              <Badge size="sm" color="teal.9" variant="filled">
                Looking for team
              </Badge>
            )}
            {/* Issue 35: "your team wants it" only where an invitation is possible. */}
            <SkillBadges
              skills={classmate.skills}
              highlighted={onInvite && !invited ? classmate.matchedSkills : undefined}
              size="sm"
              max={SKILLS_SHOWN}
              highlightedNote=" (your team wants it)"
              list={false}
            />
          </Group>
          {classmate.lookingForTeam && classmate.lookingNote && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              “{classmate.lookingNote}”
            </Text>
          )}
          {onInvite && (
            <Group gap="xs" mt={2}>
              {invited ? (
                <Badge size="sm" color="violet.9" variant="filled">
                  Invited
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="outline"
                  color="blue.9"
                  leftSection={<IconUserPlus size={14} aria-hidden />}
                  onClick={() => onInvite(classmate)}
                  aria-label={`Invite ${classmate.fullname}`}
                >
                  Invite
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

type TeamlessClassmatesProps = {
  courseId: string;
  state: CourseTeamState | undefined;
  locked: boolean;
};

/** Active classmates who are in no team; a leader with a free seat can invite them from here. */
export function TeamlessClassmates({ courseId, state, locked }: TeamlessClassmatesProps) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [inviting, setInviting] = useState<Classmate | null>(null);
  const classmates = useCourseClassmates(courseId, teamlessClassmatesQuery({ page, search }));

  const team = state?.team;
  const leads = team?.relation === 'LEADER';
  const canInvite = Boolean(leads && team && team.openSeats > 0 && !locked);

  let hint: string;
  if (!state) hint = 'Active students of this course who are in no team yet.';
  else if (locked) hint = 'The deadline has passed: invitations can no longer be sent.';
  else if (canInvite)
    hint = `Invite them to ${team?.name ?? 'your team'}; they join when they accept. Those with the skills your team wants come first.`;
  else if (leads) hint = 'Your team is full: there is no seat to invite anyone to.';
  else if (team) hint = 'Only the team leader can invite classmates.';
  else hint = 'Like you, they have no team yet: create one and invite them.';

  return (
    <Stack gap="sm" component="section" aria-labelledby="teamless-heading">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={3} fz="md" id="teamless-heading">
            Classmates without a team
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <TextInput
          label="Search classmates without a team"
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
        <InlineLoader label="Loading classmates without a team" />
      ) : classmates.isError ? (
        <ErrorAlert
          title="Could not load classmates without a team"
          error={classmates.error}
          onRetry={() => void classmates.refetch()}
        />
      ) : classmates.data.items.length === 0 ? (
        <EmptyState>
          {search
            ? 'No classmate without a team matches your search.'
            : 'Every other classmate is already in a team.'}
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
            aria-label="Classmates without a team"
          >
            {classmates.data.items.map((c) => (
              <ClassmateItem
                key={c.userId}
                classmate={c}
                // The list says who has a pending invitation from the team the viewer leads.
                invited={c.invitedByMyTeam}
                onInvite={canInvite ? setInviting : undefined}
              />
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
      {team && canInvite && (
        <InviteModal
          team={team}
          classmate={inviting}
          opened={inviting !== null}
          onClose={() => setInviting(null)}
        />
      )}
    </Stack>
  );
}
