import { dictionary } from '../../i18n/index.ts';

/** A plain bilingual page for a host no site answers to; it names no other site. */
export function unknownSitePage(): string {
  const zh = dictionary('zh').server;
  const en = dictionary('en').server;
  return `<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${zh.unknownSiteTitle} / ${en.unknownSiteTitle}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:40rem;margin:15vh auto;padding:0 1rem;color:#222;line-height:1.6}h1{font-size:1.5rem}</style>
</head><body>
<main><h1>${zh.unknownSiteTitle}</h1><p>${zh.unknownSiteMessage}</p>
<h1 lang="en">${en.unknownSiteTitle}</h1><p lang="en">${en.unknownSiteMessage}</p></main>
</body></html>
`;
}
