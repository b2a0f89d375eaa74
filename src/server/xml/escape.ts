/** XML text for the writers that build documents as strings (feeds, OAI-PMH, NoteFirst). */

/** Whether XML 1.0 allows this code point at all (C0 controls other than tab and line ends, U+FFFE/U+FFFF are not). */
function isXmlChar(code: number): boolean {
  return (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff;
}

/** A character XML forbids, or a lone surrogate (the u flag reads one as a code point of its own). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Drops what XML forbids: a single such character would make the whole document unreadable. */
export function xmlText(text: string): string {
  // nearly every text is clean: one regex scan instead of building it again a character at a time
  if (!NOT_XML.test(text)) return text;
  let out = '';
  // lone surrogates become U+FFFD
  for (const char of text.toWellFormed()) if (isXmlChar(char.codePointAt(0) ?? 0)) out += char;
  return out;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return xmlText(text).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A CDATA section; ']]>' in the text is split across two sections, the only thing CDATA cannot hold. */
export function cdata(text: string): string {
  return `<![CDATA[${xmlText(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** <name>text</name>, the text escaped */
export function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}
