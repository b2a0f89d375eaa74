/** Formulas: MathML passes through as MathML (browsers draw it natively); TeX becomes MathML here, on the server. */
import temml from 'temml';
import { escapeHtml } from './escape.ts';

/** MathML for a TeX formula, or the TeX itself as code when it cannot be read. */
export function texToMathMl(tex: string, display: boolean): string {
  try {
    return temml.renderToString(tex, { displayMode: display, throwOnError: true, xml: true });
  } catch {
    return `<code class="ft-tex">${escapeHtml(tex)}</code>`;
  }
}
