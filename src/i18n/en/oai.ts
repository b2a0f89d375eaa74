import type { oai as zh } from '../zh/oai.ts';

export const oai: typeof zh = {
  verbMissing: 'The verb argument is missing.',
  verbRepeated: 'The verb argument is repeated.',
  verbIllegal: 'Illegal verb: {verb}.',
  argumentIllegal: '{verb} does not take the argument {name}.',
  argumentRepeated: 'The argument {name} is repeated.',
  argumentMissing: '{verb} requires the argument {name}.',
  tokenExclusive: 'resumptionToken is an exclusive argument: only verb may accompany it.',
  dateInvalid: '{name} is not a UTC date in the form YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ: {value}.',
  dateTooFine: '{name} is finer than the repository granularity {granularity}.',
  dateGranularityMismatch: 'from and until have different granularities.',
  dateOrder: 'from is later than until.',
  cannotDisseminateFormat: 'The metadata format {prefix} is not supported by this repository.',
  idDoesNotExist: 'No item has the identifier {identifier}.',
  noRecordsMatch: 'No records match the request.',
  badResumptionToken: 'The resumption token is invalid or has expired.',
  noSetHierarchy: 'This repository does not support sets.',
};
