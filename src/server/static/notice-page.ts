import { dictionary } from '../../i18n/index.ts';

type ServerText = ReturnType<typeof dictionary>['server'];
/** the notices the request path answers before any page renders */
export type Notice = 'unknownSite' | 'methodNotAllowed' | 'payloadTooLarge' | 'busy';

const textOf = (server: ServerText, notice: Notice) => ({
  title: server[`${notice}Title`],
  message: server[`${notice}Message`],
});

/**
 * A plain bilingual page (no site, no template: it is answered before a site or a renderer is
 * involved, or instead of them); it names no other site.
 */
export function noticePage(notice: Notice): string {
  const zh = textOf(dictionary('zh').server, notice);
  const en = textOf(dictionary('en').server, notice);
  return `<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${zh.title} / ${en.title}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:40rem;margin:15vh auto;padding:0 1rem;color:#222;line-height:1.6}h1{font-size:1.5rem}</style>
</head><body>
<main><h1>${zh.title}</h1><p>${zh.message}</p>
<h1 lang="en">${en.title}</h1><p lang="en">${en.message}</p></main>
</body></html>
`;
}
