import { Badge } from '@mantine/core';

export function BetaBadge() {
  // blue.9 keeps the small white label above the 4.5:1 contrast ratio.
  return (
    <Badge color="blue.9" size="sm" radius="sm" variant="filled" tt="none">
      Beta
    </Badge>
  );
}
