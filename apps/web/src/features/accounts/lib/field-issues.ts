import type { z } from 'zod';

export type FieldIssues<K extends string = string> = Partial<Record<K, string>>;

/**
 * Validates with a contract schema and returns the first message per top-level field. The
 * contract's messages are translation keys, so the caller only has to run them through t().
 */
export function fieldIssues<K extends string>(schema: z.ZodType, values: unknown): FieldIssues<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const issues: FieldIssues<K> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (issues[field] === undefined) issues[field] = issue.message;
  }
  return issues;
}

export const hasIssues = (issues: FieldIssues): boolean => Object.keys(issues).length > 0;
