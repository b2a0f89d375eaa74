/** The OAI-PMH 2.0 error conditions (section 3.6); a request can carry several. */

export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

export type OaiError = { code: OaiErrorCode; message: string };
