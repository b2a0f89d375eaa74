/**
 * What OAI-PMH needs from storage. A store-backed implementation answers for one site; the
 * protocol logic (handle.ts) never sees the store.
 */
import type { CitationRecord } from '../citations/record.ts';

export type Granularity = 'YYYY-MM-DD' | 'YYYY-MM-DDThh:mm:ssZ';

export type OaiIdentify = {
  repositoryName: string;
  /** the absolute URL harvesters send requests to */
  baseURL: string;
  adminEmails: string[];
  earliestDatestamp: Date;
  deletedRecord: 'no' | 'transient' | 'persistent';
  granularity: Granularity;
  /** the namespace part of oai:{repositoryIdentifier}:{local id}, e.g. journal.example.org */
  repositoryIdentifier: string;
  sampleIdentifier: string;
};

export type OaiSet = { setSpec: string; setName: string };

export type OaiHeader = {
  identifier: string;
  datestamp: Date;
  setSpecs: string[];
  deleted: boolean;
};

/** metadata is null for a deleted record */
export type OaiRecord = { header: OaiHeader; metadata: CitationRecord | null };

export type OaiListQuery = {
  /** how many records of the complete list come before this page */
  cursor: number;
  limit: number;
  /** inclusive lower bound on datestamps */
  from: Date | null;
  /** inclusive upper bound on datestamps (already moved to the end of the day for day granularity) */
  until: Date | null;
  set: string | null;
  /** true: the records without their metadata (ListIdentifiers shows headers only) */
  headersOnly?: boolean;
};

export type OaiPage = {
  /** in a stable order, so that cursors stay meaningful between requests */
  records: OaiRecord[];
  /** the size of the whole list the query selects */
  completeListSize: number;
};

export interface OaiRepository {
  identify(): Promise<OaiIdentify>;
  listSets(): Promise<OaiSet[]>;
  listRecords(query: OaiListQuery): Promise<OaiPage>;
  /** null when the repository has no item with this identifier */
  getRecord(identifier: string): Promise<OaiRecord | null>;
}
