/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** where pages read content; set by the Node server (src/server) for every render */
    source: import('./content/source.ts').ContentSource;
    /** the site found from the Host header; pages never look a site up themselves */
    site: import('./content/types.ts').Site;
    /** the language the page speaks (src/middleware.ts): /{lang}/ prefix, ?lang=, cookie, zh */
    lang: import('./lib/lang.ts').Lang;
    /** the /{lang}/ prefix when it names a language, else null */
    pathLang: import('./lib/lang.ts').Lang | null;
    /** the dictionary of `lang` */
    t: import('./i18n/index.ts').Dictionary;
    /** HTML of island-free shell parts, kept for one build (BuildCached.astro); absent on demand */
    fragments?: Map<string, string>;
    /** the same HTML kept across on-demand renders of the site until the change log moves (src/server/build/site-memo.ts) */
    siteFragments?: Map<string, string>;
    /** false when mobile numbers get no verification codes (production without an SMS sender); absent: they do */
    smsCodes?: boolean;
    /** the item a checked preview link opens (src/server/http/preview.ts); absent on every other render */
    previewItem?: { kind: 'article' | 'news' | 'issue'; id: number };
  }
}
