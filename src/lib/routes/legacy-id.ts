import { parseWholeNumber } from '../id.ts';

/** A legacy URL's numeric segment; the ids among them read with parseId (src/lib/id.ts). */
export const legacyId = parseWholeNumber;
