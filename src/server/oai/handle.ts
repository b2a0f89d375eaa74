/**
 * OAI-PMH 2.0 over any OaiRepository: takes the request's arguments (query string or form body),
 * answers the XML document. Protocol errors are answers too (HTTP 200), as the protocol says.
 */
import { dictionary, format } from '../../i18n/index.ts';
import type { Lang } from '../../lib/lang.ts';
import { utf8OfParts } from '../xml/utf8-parts.ts';
import { headerXml, identifyXml, metadataFormatsXml, recordXml, resumptionTokenXml, setsXml } from './answers-xml.ts';
import { checkArguments } from './arguments.ts';
import { answerXml, type EnvelopeRequest, errorXml } from './envelope.ts';
import type { OaiError } from './errors.ts';
import { METADATA_FORMATS, metadataFormat } from './formats.ts';
import { checkDateRange } from './list-query.ts';
import type { OaiIdentify, OaiRepository } from './repository.ts';
import { decodeToken, encodeToken, type ListState } from './resumption-token.ts';

export const DEFAULT_PAGE_SIZE = 100;

export type OaiOptions = { pageSize?: number; lang?: Lang };

type Context = { repo: OaiRepository; info: OaiIdentify; t: ReturnType<typeof dictionary>['oai']; pageSize: number };

/** the verb's content (its parts, src/server/xml/utf8-parts.ts), or the errors to answer instead */
type Outcome = { content: string[] } | { errors: OaiError[] };

/** The answer to an OAI-PMH request: the XML document's UTF-8 bytes. */
export async function handleOai(
  params: Iterable<[string, string]>,
  repo: OaiRepository,
  now: Date,
  options: OaiOptions = {},
): Promise<Buffer<ArrayBuffer>> {
  return utf8OfParts(await answerParts(params, repo, now, options));
}

async function answerParts(
  params: Iterable<[string, string]>,
  repo: OaiRepository,
  now: Date,
  options: OaiOptions,
): Promise<string[]> {
  const t = dictionary(options.lang ?? 'en').oai;
  const info = await repo.identify();
  const checked = checkArguments(params, t);
  if (!checked.ok) return errorXml(now, { baseURL: info.baseURL, args: null }, checked.errors);
  const { verb, args } = checked;
  const request: EnvelopeRequest = { baseURL: info.baseURL, args: new Map([['verb', verb], ...args]) };
  const context: Context = { repo, info, t, pageSize: Math.max(1, options.pageSize ?? DEFAULT_PAGE_SIZE) };
  const outcome = await answer(verb, args, context);
  return 'errors' in outcome ? errorXml(now, request, outcome.errors) : answerXml(now, request, verb, outcome.content);
}

async function answer(verb: string, args: Map<string, string>, context: Context): Promise<Outcome> {
  const { repo, info, t } = context;
  switch (verb) {
    case 'Identify':
      return { content: [identifyXml(info)] };
    case 'ListMetadataFormats': {
      const identifier = args.get('identifier');
      if (identifier !== undefined && !(await repo.getRecord(identifier)))
        return { errors: [idDoesNotExist(identifier, context)] };
      return { content: [metadataFormatsXml(METADATA_FORMATS)] };
    }
    case 'ListSets': {
      if (args.has('resumptionToken'))
        return { errors: [{ code: 'badResumptionToken', message: t.badResumptionToken }] };
      const sets = await repo.listSets();
      if (sets.length === 0) return { errors: [{ code: 'noSetHierarchy', message: t.noSetHierarchy }] };
      return { content: [setsXml(sets)] };
    }
    case 'GetRecord':
      return getRecord(args.get('identifier') ?? '', args.get('metadataPrefix') ?? '', context);
    default:
      return list(verb === 'ListRecords' ? 'ListRecords' : 'ListIdentifiers', args, context);
  }
}

function idDoesNotExist(identifier: string, { t }: Context): OaiError {
  return { code: 'idDoesNotExist', message: format(t.idDoesNotExist, { identifier }) };
}

function cannotDisseminate(prefix: string, { t }: Context): OaiError {
  return { code: 'cannotDisseminateFormat', message: format(t.cannotDisseminateFormat, { prefix }) };
}

async function getRecord(identifier: string, prefix: string, context: Context): Promise<Outcome> {
  const format = metadataFormat(prefix);
  const record = await context.repo.getRecord(identifier);
  const errors: OaiError[] = [];
  if (!record) errors.push(idDoesNotExist(identifier, context));
  if (!format) errors.push(cannotDisseminate(prefix, context));
  if (!record || !format) return { errors };
  return { content: [recordXml(record, format, context.info.granularity)] };
}

/** The list request from a resumption token, or from the arguments of a first request. */
function listState(verb: ListState['verb'], args: Map<string, string>, { t }: Context): ListState | OaiError {
  const token = args.get('resumptionToken');
  if (token === undefined) {
    return {
      verb,
      metadataPrefix: args.get('metadataPrefix') ?? '',
      from: args.get('from') ?? null,
      until: args.get('until') ?? null,
      set: args.get('set') ?? null,
      cursor: 0,
    };
  }
  const state = decodeToken(token);
  return state && state.verb === verb ? state : { code: 'badResumptionToken', message: t.badResumptionToken };
}

async function list(verb: ListState['verb'], args: Map<string, string>, context: Context): Promise<Outcome> {
  const { repo, info, t, pageSize } = context;
  const resumed = args.has('resumptionToken');
  const state = listState(verb, args, context);
  if ('code' in state) return { errors: [state] };
  const errors: OaiError[] = [];
  const range = checkDateRange(state.from, state.until, info.granularity, t);
  if (!range.ok) errors.push(...range.errors);
  const format = metadataFormat(state.metadataPrefix);
  if (!format) errors.push(cannotDisseminate(state.metadataPrefix, context));
  if (state.set !== null && (await repo.listSets()).length === 0)
    errors.push({ code: 'noSetHierarchy', message: t.noSetHierarchy });
  if (!range.ok || !format || errors.length > 0) return { errors };

  const page = await repo.listRecords({
    cursor: state.cursor,
    limit: pageSize,
    ...range.range,
    set: state.set,
    headersOnly: verb === 'ListIdentifiers',
  });
  if (page.records.length === 0) {
    // a token past the end of the list is stale; a first request simply matched nothing
    return {
      errors: [
        resumed
          ? { code: 'badResumptionToken', message: t.badResumptionToken }
          : { code: 'noRecordsMatch', message: t.noRecordsMatch },
      ],
    };
  }
  const items = page.records.map((record) =>
    verb === 'ListRecords' ? recordXml(record, format, info.granularity) : headerXml(record.header, info.granularity),
  );
  const next = state.cursor + page.records.length;
  const more = next < page.completeListSize;
  const split = more || state.cursor > 0;
  const token = split
    ? resumptionTokenXml(more ? encodeToken({ ...state, cursor: next }) : null, page.completeListSize, state.cursor)
    : '';
  return { content: [...items, token] };
}
