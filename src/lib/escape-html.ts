/** Text or an attribute value in HTML, escaped as Astro escapes expressions (the same five characters). */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' };

export const escapeHtml = (text: string) => text.replace(/[&<>'"]/g, (c) => ESCAPES[c] ?? c);
