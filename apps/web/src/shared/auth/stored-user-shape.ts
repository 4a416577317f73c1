import { LANGUAGES, type StoredUser } from '@mediabox/contract';

/**
 * The type of every field of a stored user. Checked by hand rather than with the contract's zod
 * schema, which would put zod into the app's first download just to read local storage back;
 * `satisfies` keeps the list in step with the contract (a field added or removed there fails to
 * compile here).
 */
const FIELD_TYPES = {
  token: 'string',
  userId: 'number',
  userName: 'string',
  firstname: 'string',
  lastname: 'string',
  company: 'string',
  phone: 'string',
  isSuperUser: 'boolean',
  jde: 'boolean',
  lang: 'string',
} as const satisfies Record<keyof StoredUser, 'string' | 'number' | 'boolean'>;

/** Whether `value` (parsed from local storage) is a stored user as the login answer wrote it. */
export function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return (
    Object.entries(FIELD_TYPES).every(([key, type]) => typeof fields[key] === type) &&
    Number.isInteger(fields.userId) &&
    (LANGUAGES as readonly unknown[]).includes(fields.lang)
  );
}
