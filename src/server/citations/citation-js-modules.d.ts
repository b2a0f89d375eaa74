/** The part of citation-js this project uses; the packages ship no type declarations. */
declare module '@citation-js/core' {
  export type CslName = { family?: string; given?: string; literal?: string };
  export type CslDate = { 'date-parts': [number, ...number[]][] };
  export type CslItem = {
    id: string;
    type: string;
    title?: string;
    author?: CslName[];
    issued?: CslDate;
    DOI?: string;
    [field: string]: unknown;
  };
  export class Cite {
    constructor(data: unknown);
    data: CslItem[];
    format(format: string, options?: Record<string, unknown>): string;
  }
  export type Register<T> = { add(name: string, value: T): void; has(name: string): boolean };
  export const plugins: { config: { get(plugin: string): unknown } };
}
declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
