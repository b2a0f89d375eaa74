/** The from, until and set of ListIdentifiers and ListRecords, checked against the repository. */
import { type Dictionary, format } from '../../i18n/index.ts';
import { endOfUntil, type ParsedDate, parseUtcDate } from './dates.ts';
import type { OaiError } from './errors.ts';
import type { Granularity } from './repository.ts';

export type DateRange = { from: Date | null; until: Date | null };

function parseBound(
  name: string,
  value: string | null,
  granularity: Granularity,
  t: Dictionary['oai'],
  errors: OaiError[],
): ParsedDate | null {
  if (value === null) return null;
  const parsed = parseUtcDate(value);
  if (!parsed) errors.push({ code: 'badArgument', message: format(t.dateInvalid, { name, value }) });
  else if (parsed.granularity !== granularity && granularity === 'YYYY-MM-DD')
    errors.push({ code: 'badArgument', message: format(t.dateTooFine, { name, granularity }) });
  else return parsed;
  return null;
}

export function checkDateRange(
  from: string | null,
  until: string | null,
  granularity: Granularity,
  t: Dictionary['oai'],
): { ok: true; range: DateRange } | { ok: false; errors: OaiError[] } {
  const errors: OaiError[] = [];
  const start = parseBound('from', from, granularity, t, errors);
  const end = parseBound('until', until, granularity, t, errors);
  if (start && end) {
    if (start.granularity !== end.granularity) errors.push({ code: 'badArgument', message: t.dateGranularityMismatch });
    else if (start.date > end.date) errors.push({ code: 'badArgument', message: t.dateOrder });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, range: { from: start?.date ?? null, until: end ? endOfUntil(end) : null } };
}
