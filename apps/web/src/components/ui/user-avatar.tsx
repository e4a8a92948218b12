import { Avatar, type AvatarProps } from '@mantine/core';

export function getInitials(fullname: string): string {
  const parts = fullname.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

type UserAvatarProps = Omit<AvatarProps, 'src' | 'alt'> & {
  fullname: string;
  avatar: string | null | undefined;
};

/** The user's picture, or their initials when there is none (or it fails to load). */
export function UserAvatar({ fullname, avatar, ...props }: UserAvatarProps) {
  return (
    <Avatar src={avatar || null} alt={fullname} color="blue.9" variant="filled" {...props}>
      {getInitials(fullname)}
    </Avatar>
  );
}
