import { Badge, Group, Text, VisuallyHidden, type MantineColor } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

type SkillBadgesProps = {
  skills: string[];
  /** Skills to emphasise (searched for, or wanted by the viewer's team). */
  highlighted?: string[];
  /** Shown when there are no skills; nothing when left out. */
  empty?: string;
  /** `sm` for the small badges of a card; the texts shrink with them. */
  size?: 'sm' | 'md';
  /**
   * How many skills to show; the rest are counted in a "+N more". Highlighted skills are always
   * shown, even past this number.
   */
  max?: number;
  /** Read by screen readers after a highlighted skill, which otherwise only looks different. */
  highlightedNote?: string;
  /** The colour of the outlined (not highlighted) badges. */
  color?: MantineColor;
  /**
   * A list labelled "Skills" (the default). A card that is itself an item of a list of people
   * passes `false` and gets the badges alone, as it always had.
   */
  list?: boolean;
};

/** A student's skills; the highlighted ones come first, filled and starred. */
export function SkillBadges({
  skills,
  highlighted = [],
  empty,
  size = 'md',
  max,
  highlightedNote = ' (matches)',
  color = 'gray.7',
  list = true,
}: SkillBadgesProps) {
  const textSize = size === 'sm' ? 'xs' : 'sm';
  if (skills.length === 0) {
    return empty ? (
      <Text size={textSize} c="dimmed">
        {empty}
      </Text>
    ) : null;
  }
  const marked = new Set(highlighted.map((s) => s.toLowerCase()));
  const isMarked = (s: string) => marked.has(s.toLowerCase());
  const first = skills.filter(isMarked);
  const ordered = [...first, ...skills.filter((s) => !isMarked(s))];
  const shown = max === undefined ? ordered : ordered.slice(0, Math.max(max, first.length));
  const extra = ordered.length - shown.length;
  const item = list ? 'li' : undefined;
  return (
    <Group
      gap={size === 'sm' ? 4 : 6}
      {...(list
        ? { component: 'ul', p: 0, m: 0, style: { listStyle: 'none' }, 'aria-label': 'Skills' }
        : {})}
    >
      {shown.map((skill) =>
        isMarked(skill) ? (
          <Badge
            key={skill}
            component={item}
            size={size}
            variant="filled"
            color="teal.9"
            tt="none"
            leftSection={<IconStarFilled size={10} aria-hidden />}
          >
            {skill}
            <VisuallyHidden>{highlightedNote}</VisuallyHidden>
          </Badge>
        ) : (
          <Badge key={skill} component={item} size={size} variant="outline" color={color} tt="none">
            {skill}
          </Badge>
        ),
      )}
      {extra > 0 && (
        <Text component={item} size="xs" c="dimmed">
          +{extra} more
        </Text>
      )}
    </Group>
  );
}
