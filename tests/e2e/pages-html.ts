/** Small readers for rendered pages in the pages/links e2e tests (meta tags, JSON-LD, links, text). */

export function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}

/** content of every <meta name=…> with this name, in document order */
export function metaValues(html: string, name: string): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(/<meta\s+name="([^"]*)"\s+content="([^"]*)"/g)) {
    if (decodeHtml(match[1] ?? '') === name) values.push(decodeHtml(match[2] ?? ''));
  }
  return values;
}

export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const parsed: unknown = JSON.parse(match[1] ?? 'null');
    return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
  });
}

export function jsonLdOfType(html: string, type: string): Record<string, unknown> | undefined {
  return jsonLd(html).find((entry) => entry['@type'] === type);
}

/** every href in the document, decoded */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => decodeHtml(match[1] ?? ''));
}

/** the visible text of <main>, tags removed, spaces collapsed */
export function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? html;
  return decodeHtml(main.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

export function titleOf(html: string): string {
  return decodeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
}

export function htmlLang(html: string): string {
  return /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? '';
}

export function count(html: string, needle: string): number {
  return html.split(needle).length - 1;
}
