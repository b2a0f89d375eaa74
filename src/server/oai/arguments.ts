/**
 * Checks a request's arguments against its verb (OAI-PMH 2.0 section 4): which are required,
 * optional or exclusive, and that none is unknown or repeated. Values are checked later.
 */
import { type Dictionary, format } from '../../i18n/index.ts';
import type { OaiError } from './errors.ts';

export const VERBS = [
  'Identify',
  'ListMetadataFormats',
  'ListSets',
  'ListIdentifiers',
  'ListRecords',
  'GetRecord',
] as const;
export type Verb = (typeof VERBS)[number];

type Rule = { required: string[]; optional: string[]; exclusive: string | null };

const RULES: Record<Verb, Rule> = {
  Identify: { required: [], optional: [], exclusive: null },
  ListMetadataFormats: { required: [], optional: ['identifier'], exclusive: null },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [], exclusive: null },
};

export type CheckedArguments = { ok: true; verb: Verb; args: Map<string, string> } | { ok: false; errors: OaiError[] };

function isVerb(value: string): value is Verb {
  return (VERBS as readonly string[]).includes(value);
}

export function checkArguments(pairs: Iterable<[string, string]>, t: Dictionary['oai']): CheckedArguments {
  const values = new Map<string, string[]>();
  for (const [name, value] of pairs) values.set(name, [...(values.get(name) ?? []), value]);
  const verbs = values.get('verb') ?? [];
  if (verbs.length === 0) return { ok: false, errors: [{ code: 'badVerb', message: t.verbMissing }] };
  if (verbs.length > 1) return { ok: false, errors: [{ code: 'badVerb', message: t.verbRepeated }] };
  const verb = verbs[0] ?? '';
  if (!isVerb(verb)) return { ok: false, errors: [{ code: 'badVerb', message: format(t.verbIllegal, { verb }) }] };

  const rule = RULES[verb];
  const errors: OaiError[] = [];
  const args = new Map<string, string>();
  for (const [name, list] of values) {
    if (name === 'verb') continue;
    const known = rule.required.includes(name) || rule.optional.includes(name) || rule.exclusive === name;
    if (!known) errors.push({ code: 'badArgument', message: format(t.argumentIllegal, { verb, name }) });
    else if (list.length > 1) errors.push({ code: 'badArgument', message: format(t.argumentRepeated, { name }) });
    else args.set(name, list[0] ?? '');
  }
  if (rule.exclusive && values.has(rule.exclusive)) {
    if (values.size > 2) errors.push({ code: 'badArgument', message: t.tokenExclusive });
  } else {
    for (const name of rule.required) {
      if (!values.has(name)) errors.push({ code: 'badArgument', message: format(t.argumentMissing, { verb, name }) });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, verb, args };
}
