import { z } from 'zod';
import { ROLES } from './constants.js';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Every role that the server knows. STUDENT is the default for a new user. */
export const DEFAULT_ROLE: Role = 'STUDENT';
