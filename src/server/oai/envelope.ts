/** The OAI-PMH response document around a verb's answer or its errors (section 3.2). */
import { element, escapeXml } from '../xml/escape.ts';
import { formatUtcDate } from './dates.ts';
import type { OaiError } from './errors.ts';

export type EnvelopeRequest = {
  baseURL: string;
  /** the request's arguments, echoed only when they were valid (none after badVerb or badArgument) */
  args: Map<string, string> | null;
};

function requestXml({ baseURL, args }: EnvelopeRequest): string {
  const attributes = [...(args ?? [])].map(([name, value]) => ` ${name}="${escapeXml(value)}"`).join('');
  return `<request${attributes}>${escapeXml(baseURL)}</request>`;
}

/** The document as parts (src/server/xml/utf8-parts.ts): the body's parts are never joined into one string. */
function document(now: Date, request: EnvelopeRequest, body: readonly string[]): string[] {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    ' xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">',
    element('responseDate', formatUtcDate(now, 'YYYY-MM-DDThh:mm:ssZ')),
    requestXml(request),
    '',
  ].join('\n');
  return [head, ...body, '\n</OAI-PMH>\n'];
}

export function answerXml(now: Date, request: EnvelopeRequest, verb: string, content: readonly string[]): string[] {
  return document(now, request, [`<${verb}>`, ...content, `</${verb}>`]);
}

export function errorXml(now: Date, request: EnvelopeRequest, errors: OaiError[]): string[] {
  const echoed = errors.some((error) => error.code === 'badVerb' || error.code === 'badArgument')
    ? { ...request, args: null }
    : request;
  return document(now, echoed, [
    errors.map((error) => `<error code="${error.code}">${escapeXml(error.message)}</error>`).join('\n'),
  ]);
}
