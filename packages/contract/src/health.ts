import { z } from 'zod';

/** `GET /api/health`: the process answers and its database does. */
export const HealthAnswer = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
export type HealthAnswer = z.infer<typeof HealthAnswer>;

const PartState = z.object({ ok: z.boolean(), detail: z.string().optional() });
/** `GET /api/ready`: 200 when ready, 503 naming the failing parts. */
export const ReadyAnswer = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** The parts that are not ready (empty when ready). */
  failing: z.array(z.enum(['database', 'migrations', 'blobs'])),
  checks: z.object({ database: PartState, migrations: PartState, blobs: PartState }),
  /** Informational, never a reason to be unready: e.g. Ghostscript missing (EPS previews are placeholders). */
  notices: z.array(z.string()).optional(),
});
export type ReadyAnswer = z.infer<typeof ReadyAnswer>;
