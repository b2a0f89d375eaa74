/**
 * Resumption tokens: the list request (verb, prefix, from, until, set) and the cursor, packed as
 * base64url JSON with a checksum, so a truncated or edited token is refused (badResumptionToken)
 * instead of silently harvesting another list.
 */
import { createHash } from 'node:crypto';

export type ListState = {
  verb: 'ListIdentifiers' | 'ListRecords';
  metadataPrefix: string;
  /** the arguments exactly as the harvester sent them, so a resumed page validates like the first */
  from: string | null;
  until: string | null;
  set: string | null;
  cursor: number;
};

const VERSION = 1;

function checksum(payload: string): string {
  return createHash('sha256').update(payload).digest('base64url').slice(0, 16);
}

export function encodeToken(state: ListState): string {
  const payload = Buffer.from(
    JSON.stringify([VERSION, state.verb, state.metadataPrefix, state.from, state.until, state.set, state.cursor]),
  ).toString('base64url');
  return `${payload}.${checksum(payload)}`;
}

function optionalString(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/** null when the token was not made by encodeToken */
export function decodeToken(token: string): ListState | null {
  const [payload, sum, extra] = token.split('.');
  if (!payload || !sum || extra !== undefined || checksum(payload) !== sum) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 7) return null;
  const [version, verb, metadataPrefix, from, until, set, cursor] = fields as unknown[];
  if (version !== VERSION || (verb !== 'ListIdentifiers' && verb !== 'ListRecords')) return null;
  if (typeof metadataPrefix !== 'string' || !optionalString(from) || !optionalString(until) || !optionalString(set))
    return null;
  if (typeof cursor !== 'number' || !Number.isSafeInteger(cursor) || cursor < 0) return null;
  return { verb, metadataPrefix, from, until, set, cursor };
}
