import { describe, expect, it } from 'vitest';
import { excerpt, plainText, sanitizeInline, sanitizeRich } from '../../src/lib/sanitize.ts';

describe('sanitizeRich', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html = sanitizeRich(
      '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><iframe src="https://e.x"></iframe></p>',
    );
    expect(html).not.toMatch(/script|onclick|javascript|iframe/i);
    expect(html).toContain('<p>Hi');
  });

  it('keeps tables, sub/superscripts and safe links; external links open safely', () => {
    const html = sanitizeRich(
      '<table><tr><td colspan="2">H<sub>2</sub>O</td></tr></table><a href="https://example.org/a">out</a><a href="/zh/home/">in</a>',
    );
    expect(html).toContain('<td colspan="2">H<sub>2</sub>O</td>');
    expect(html).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="/zh/home/">in</a>');
  });

  it('makes images lazy and drops images without a source', () => {
    const html = sanitizeRich(
      '<img src="/rc-pub/front/files/get?id=3" alt="a" width="10" height="5" onerror="x"><img alt="none">',
    );
    expect(html).toBe(
      '<img src="/rc-pub/front/files/get?id=3" alt="a" width="10" height="5" loading="lazy" decoding="async" />',
    );
  });

  it('turns content h1 into h2 so the page keeps one h1', () => {
    expect(sanitizeRich('<h1 class="x">T</h1>')).toBe('<h2>T</h2>');
  });

  it('drops style attributes and unknown tags but keeps their text', () => {
    expect(sanitizeRich('<p style="color:red"><font>x</font></p>')).toBe('<p>x</p>');
  });

  it('returns an empty string for null', () => {
    expect(sanitizeRich(null)).toBe('');
  });
});

describe('sanitizeInline and plainText', () => {
  it('keeps only inline emphasis in titles', () => {
    expect(sanitizeInline('<p>Fe<sub>3</sub>O<sub>4</sub> <b>nano</b><img src="x"></p>')).toBe(
      'Fe<sub>3</sub>O<sub>4</sub> <b>nano</b>',
    );
  });

  it('strips tags and decodes entities for meta tags', () => {
    expect(plainText('<p>A &amp; B&nbsp;&lt;C&gt; &#x4e2d;&#25991;</p>\n  <b>x</b>')).toBe('A & B <C> 中文 x');
  });

  it('shortens long text with an ellipsis', () => {
    const text = excerpt(`<p>${'字'.repeat(300)}</p>`, 100);
    expect(text).toHaveLength(100);
    expect(text.endsWith('…')).toBe(true);
    expect(excerpt('<p>short</p>')).toBe('short');
  });
});
