/** OAI-PMH UTCdatetime values (section 3.3): a day or a second in UTC, never a local time. */
import type { Granularity } from './repository.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

export type ParsedDate = { date: Date; granularity: Granularity };

/** null for anything that is not a real date in one of the two forms */
export function parseUtcDate(value: string): ParsedDate | null {
  const day = DAY.exec(value);
  const second = day ? null : SECOND.exec(value);
  const parts = (day ?? second)?.slice(1).map(Number);
  if (!parts) return null;
  const [year = 0, month = 0, date = 0, hours = 0, minutes = 0, seconds = 0] = parts;
  const parsed = new Date(Date.UTC(year, month - 1, date, hours, minutes, seconds));
  const valid =
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === date &&
    hours < 24 &&
    minutes < 60 &&
    seconds < 60;
  if (!valid) return null;
  return { date: parsed, granularity: day ? 'YYYY-MM-DD' : 'YYYY-MM-DDThh:mm:ssZ' };
}

/** An until of a whole day includes every second of it. */
export function endOfUntil(until: ParsedDate): Date {
  return until.granularity === 'YYYY-MM-DD' ? new Date(until.date.getTime() + 86_400_000 - 1) : until.date;
}

export function formatUtcDate(date: Date, granularity: Granularity): string {
  const iso = date.toISOString();
  return granularity === 'YYYY-MM-DD' ? iso.slice(0, 10) : `${iso.slice(0, 19)}Z`;
}
