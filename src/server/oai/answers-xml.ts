/** The content of each verb's answer: Identify, formats, sets, headers, records and resumption tokens. */
import { element, escapeXml } from '../xml/escape.ts';
import { formatUtcDate } from './dates.ts';
import type { MetadataFormat } from './formats.ts';
import type { Granularity, OaiHeader, OaiIdentify, OaiRecord, OaiSet } from './repository.ts';

export function identifyXml(info: OaiIdentify): string {
  return [
    element('repositoryName', info.repositoryName),
    element('baseURL', info.baseURL),
    element('protocolVersion', '2.0'),
    ...info.adminEmails.map((email) => element('adminEmail', email)),
    element('earliestDatestamp', formatUtcDate(info.earliestDatestamp, info.granularity)),
    element('deletedRecord', info.deletedRecord),
    element('granularity', info.granularity),
    '<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier"',
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    ' xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd">',
    element('scheme', 'oai'),
    element('repositoryIdentifier', info.repositoryIdentifier),
    element('delimiter', ':'),
    element('sampleIdentifier', info.sampleIdentifier),
    '</oai-identifier></description>',
  ].join('');
}

export function metadataFormatsXml(formats: MetadataFormat[]): string {
  return formats
    .map(
      (format) =>
        `<metadataFormat>${element('metadataPrefix', format.metadataPrefix)}${element('schema', format.schema)}${element('metadataNamespace', format.metadataNamespace)}</metadataFormat>`,
    )
    .join('');
}

export function setsXml(sets: OaiSet[]): string {
  return sets.map((set) => `<set>${element('setSpec', set.setSpec)}${element('setName', set.setName)}</set>`).join('');
}

export function headerXml(header: OaiHeader, granularity: Granularity): string {
  const status = header.deleted ? ' status="deleted"' : '';
  const specs = header.setSpecs.map((spec) => element('setSpec', spec)).join('');
  return `<header${status}>${element('identifier', header.identifier)}${element('datestamp', formatUtcDate(header.datestamp, granularity))}${specs}</header>`;
}

export function recordXml(record: OaiRecord, format: MetadataFormat, granularity: Granularity): string {
  const metadata =
    record.header.deleted || !record.metadata ? '' : `<metadata>${format.write(record.metadata)}</metadata>`;
  return `<record>${headerXml(record.header, granularity)}${metadata}</record>`;
}

/** token null: the last page of a split list, which carries an empty token */
export function resumptionTokenXml(token: string | null, completeListSize: number, cursor: number): string {
  return `<resumptionToken completeListSize="${completeListSize}" cursor="${cursor}">${token === null ? '' : escapeXml(token)}</resumptionToken>`;
}
