/**
 * What the primary process and its HTTP workers tell each other (WORKERS > 1). Checked on arrival
 * like any other input, so a malformed message is dropped, not half-acted on.
 */
import { z } from 'zod';

const summary = z.object({
  sld: z.string(),
  listed: z.number(),
  written: z.number(),
  skipped: z.number(),
  seconds: z.number(),
});
export const outcomeSchema = z.union([
  z.object({ ok: z.literal(true), summary }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** a worker asks the primary to rebuild a site */
export const toPrimarySchema = z.object({ type: z.literal('rebuild'), id: z.number().int(), sld: z.string().min(1) });
export type ToPrimary = z.infer<typeof toPrimarySchema>;

export const toWorkerSchema = z.discriminatedUnion('type', [
  /** the outcome of the rebuild a worker asked for */
  z.object({ type: z.literal('rebuilt'), id: z.number().int(), outcome: outcomeSchema }),
  /** a site's rebuild state changed (any worker may be asked for it) */
  z.object({ type: z.literal('rebuild-state'), sld: z.string(), state: z.string(), last: outcomeSchema.nullable() }),
]);
export type ToWorker = z.infer<typeof toWorkerSchema>;
