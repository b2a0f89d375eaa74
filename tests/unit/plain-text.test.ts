import { describe, expect, it } from 'vitest';
import { plainSnippet } from '../../src/lib/highlight.ts';
import { plainText } from '../../src/lib/plain-text.ts';
import { excerpt, plainText as pagePlainText } from '../../src/lib/sanitize.ts';

describe('one HTML-to-text rule (src/lib/plain-text.ts)', () => {
  it('drops tags, joins inline ones without a gap and decodes entities once', () => {
    expect(plainText('<p>A &amp; B&nbsp;&lt;C&gt; &#x4e2d;&#25991;</p>\n  <b>x</b>')).toBe('A & B <C> 中文 x');
    expect(plainText('CO<sub>2</sub> reduction, <i>in situ</i>')).toBe('CO2 reduction, in situ');
    expect(plainText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(plainText('<a title="1 > 0" href="/x">link</a> after')).toBe('link after');
    expect(plainText('<style>p{}</style><script>alert(1)</script>ok<!-- note -->')).toBe('ok');
    expect(plainText('5 < 6 and 7 > 3, &unknown; &#0;')).toBe('5 < 6 and 7 > 3, &unknown; &#0;');
    expect([plainText(null), plainText(undefined), plainText('')]).toEqual(['', '', '']);
  });

  it('ends a line at <br> and at the end of a block, kept when lines are asked for', () => {
    expect(plainText('<p>one</p><p>two<br/>three</p>')).toBe('one two three');
    expect(plainText('<p> one </p>\n\n<p>two<br>three</p>', { lines: true })).toBe('one\ntwo\nthree');
  });

  it('pages and search snippets read the same text', () => {
    // before, pages ran words of adjacent blocks together and snippets showed entities as typed
    expect(pagePlainText('<p>Results</p><p>Methods</p>')).toBe('Results Methods');
    expect(excerpt('<p>Results</p><p>Methods</p>')).toBe('Results Methods');
    expect(plainSnippet('R&amp;D of H<sub>2</sub>O', 50)).toBe('R&D of H2O');
  });

  it('reads a text without tags, entities or doubled spaces as the full passes do', () => {
    // the rule with every pass always applied, as it was before the fast paths
    const full = (html: string, lines: boolean) => {
      const text = html
        .replace(/<!--[\s\S]*?(?:-->|$)|<(script|style|textarea|template)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/giu, '')
        .replace(
          /<br\b[^>]*>|<\/(?:p|div|li|dt|dd|tr|h[1-6]|blockquote|pre|figcaption|caption|table|ul|ol|dl)\s*>/giu,
          '\n',
        )
        .replace(/<\/?[a-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>?/giu, '')
        .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/giu, (whole, name: string) =>
          name === 'amp' ? '&' : name === 'nbsp' ? ' ' : name === '#x4e2d' ? '中' : whole,
        );
      if (!lines) return text.replace(/\s+/gu, ' ').trim();
      return text
        .split('\n')
        .map((line) => line.replace(/\s+/gu, ' ').trim())
        .filter((line) => line !== '')
        .join('\n');
    };
    const pieces = [
      'a',
      '中',
      ' ',
      '  ',
      '\t',
      '\n',
      '\u00a0',
      '\u3000',
      '&amp;',
      '&nbsp;',
      '&#x4e2d;',
      '&x',
      '<b>',
      '</p>',
      '<br>',
      '<',
    ];
    for (const first of pieces)
      for (const second of pieces)
        for (const third of pieces) {
          const html = `${first}x${second}${third}y`;
          for (const lines of [false, true])
            expect(plainText(html, { lines }), JSON.stringify(html)).toBe(full(html, lines));
        }
  });
});
