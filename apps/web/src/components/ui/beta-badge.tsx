import { Badge } from '@mantine/core';

export function BetaBadge() {
  // blue.9 keeps the small white label above the 4.5:1 contrast ratio.
  return (
    // Not shrinkable: in a narrow header, flex shrank it to "Be…" (issue 24); the header gives
    // way elsewhere.
    <Badge
      color="blue.9"
      size="sm"
      radius="sm"
      variant="filled"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      Beta
    </Badge>
  );
}
