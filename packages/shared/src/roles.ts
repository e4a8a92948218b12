import { z } from 'zod';

export const ROLES = ['STUDENT', 'ORG_ADMIN', 'SUPERADMIN'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Every role that the server knows. STUDENT is the default for a new user. */
export const DEFAULT_ROLE: Role = 'STUDENT';
