/**
 * The ids that tie a full text's in-text citations to its reference list: a citation of reference
 * b1 links to `#ref-b1`, and the first such citation carries `id="cite-b1"` for the reference to
 * link back to. Written by the JATS import, read by the article page.
 */
const safe = (id: string) => id.replace(/[^A-Za-z0-9_.:-]/g, '_');

export const referenceAnchor = (id: string): string => `ref-${safe(id)}`;
export const citationAnchor = (id: string): string => `cite-${safe(id)}`;
/** Any other id of the JATS file (sections, figures, tables, formulas, footnotes). */
export const fullTextAnchor = (id: string): string => `ft-${safe(id)}`;
