import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClock, IconPointFilled } from '@tabler/icons-react';
import { InlineLoader } from '@/components/ui/query-state';
import { AnchorLink } from '@/components/ui/router-link';
import type { NextStep } from '../next-steps';
import { COURSE_SECTIONS } from '../sections';

const ICONS = {
  todo: { icon: IconPointFilled, color: 'orange.9', label: 'To do' },
  wait: { icon: IconClock, color: 'gray.7', label: 'Waiting' },
  done: { icon: IconCheck, color: 'teal.9', label: 'Done' },
} as const;

type CourseNextStepsProps = {
  courseId: string;
  steps: NextStep[];
  /** Some of the data is still loading: the list may grow. */
  loading: boolean;
};

/** "What needs doing next" on the course's Overview (issue 35), each with the way to do it. */
export function CourseNextSteps({ courseId, steps, loading }: CourseNextStepsProps) {
  const todo = steps.filter((s) => s.tone === 'todo').length;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="next-steps-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="next-steps-heading">
          What needs doing next
        </Title>
        {todo === 0 && !loading && <Text size="sm">Nothing needs doing right now.</Text>}
        {steps.length > 0 && (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {steps.map((step) => {
              const { icon: Icon, color, label } = ICONS[step.tone];
              const section = COURSE_SECTIONS.find((s) => s.key === step.section)!;
              return (
                <Group key={step.key} component="li" gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" color={color} size="sm" radius="xl" mt={2}>
                    <Icon size={14} aria-label={label} />
                  </ThemeIcon>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm">{step.text}</Text>
                    <AnchorLink to={section.to} params={{ courseId }} size="sm" fw={500}>
                      {step.action}
                    </AnchorLink>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        )}
        {loading && <InlineLoader label="Looking at the course" />}
      </Stack>
    </Paper>
  );
}
