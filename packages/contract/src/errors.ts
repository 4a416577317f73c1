import { z } from 'zod';

export const FieldError = z.object({ path: z.string(), code: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export const ErrorAnswer = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(FieldError).optional(),
  }),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;
