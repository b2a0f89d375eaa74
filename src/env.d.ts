/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** where pages read content; set by the Node server (src/server) for every render */
    source: import('./content/source.ts').ContentSource;
    /** the site found from the Host header; pages never look a site up themselves */
    site: import('./content/types.ts').Site;
    /** HTML of island-free shell parts, kept for one build (BuildCached.astro); absent on demand */
    fragments?: Map<string, string>;
  }
}
