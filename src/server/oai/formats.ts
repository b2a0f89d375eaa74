/** The metadata formats this repository disseminates; every record is available in each. */
import type { CitationRecord } from '../citations/record.ts';
import { JATS_NAMESPACE, JATS_SCHEMA, jatsFront } from './jats-front.ts';
import { oaiDc } from './oai-dc.ts';

export type MetadataFormat = {
  metadataPrefix: string;
  schema: string;
  metadataNamespace: string;
  write: (record: CitationRecord) => string;
};

export const METADATA_FORMATS: MetadataFormat[] = [
  {
    metadataPrefix: 'oai_dc',
    schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
    metadataNamespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
    write: oaiDc,
  },
  { metadataPrefix: 'jats', schema: JATS_SCHEMA, metadataNamespace: JATS_NAMESPACE, write: jatsFront },
];

export function metadataFormat(prefix: string): MetadataFormat | undefined {
  return METADATA_FORMATS.find((format) => format.metadataPrefix === prefix);
}
