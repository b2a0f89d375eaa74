/**
 * The demo's full texts: a quarter of the articles that have a figure get a JATS file drawn from its own text
 * (sections three deep, its chart as a figure, its table, an inline MathML and a TeX formula, its
 * references cited in the text), rendered as an import renders JATS.
 */
import { plainText } from '../../lib/plain-text.ts';
import { renderBody } from '../import/jats/body.ts';
import { escapeHtml } from '../import/jats/escape.ts';
import { readReferences } from '../import/jats/references.ts';
import { first, parseXml } from '../import/jats/xml.ts';
import type { RowValues } from '../store/bulk/insert.ts';
import { fileUrl } from '../store/files.ts';
import type { ArticleText } from './article-text.ts';

type Words = {
  intro: string;
  method: string;
  detail: string;
  results: string;
  conclusion: string;
  figure: string;
  table: string;
  ack: string;
};
const WORDS: Record<'zh' | 'en', Words> = {
  zh: {
    intro: '1 引言',
    method: '2 实验方法',
    detail: '2.1 参数设置',
    results: '3 结果与讨论',
    conclusion: '4 结论',
    figure: '图1',
    table: '表1',
    ack: '感谢审稿人的宝贵意见。',
  },
  en: {
    intro: '1 Introduction',
    method: '2 Methods',
    detail: '2.1 Parameters',
    results: '3 Results and discussion',
    conclusion: '4 Conclusions',
    figure: 'Fig. 1',
    table: 'Table 1',
    ack: 'We thank the reviewers for their comments.',
  },
};

/** The article's full text and its references (structured), as rows for the seed's batched writes. */
export function jatsFullTextRows(article: {
  id: number;
  english: boolean;
  text: ArticleText;
  references: readonly { jats: string }[];
  chartId: number | null;
  tableHtml: string;
}): { fulltext: RowValues; references: RowValues[] } {
  const w = WORDS[article.english ? 'en' : 'zh'];
  const title = escapeHtml(plainText(article.english ? article.text.enTitle : article.text.title));
  const abstract = escapeHtml(plainText(article.english ? article.text.enAbstract : article.text.abstract));
  const cite = (n: number) => (n <= article.references.length ? `<xref ref-type="bibr" rid="r${n}">[${n}]</xref>` : '');
  const xml = `<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:mml="http://www.w3.org/1998/Math/MathML" xml:lang="${article.english ? 'en' : 'zh'}">
<front><article-meta><title-group><article-title>${title}</article-title></title-group></article-meta></front>
<body>
<sec id="s1"><title>${w.intro}</title><p>${abstract}${cite(1)}${cite(2)}</p></sec>
<sec id="s2"><title>${w.method}</title><p>${title}${cite(3)}: <inline-formula><mml:math><mml:mi>&#x3C3;</mml:mi><mml:mo>=</mml:mo><mml:mi>E</mml:mi><mml:mi>&#x3B5;</mml:mi></mml:math></inline-formula></p>
<disp-formula id="e1"><label>(1)</label><tex-math>\\varepsilon = \\frac{\\Delta L}{L_0}</tex-math></disp-formula>
<sec id="s2-1"><title>${w.detail}</title><p><xref ref-type="table" rid="t1">${w.table}</xref>${cite(1)}</p></sec></sec>
<sec id="s3"><title>${w.results}</title><p><xref ref-type="fig" rid="f1">${w.figure}</xref></p>
${article.chartId === null ? '' : `<fig id="f1"><label>${w.figure}</label><caption><title>${title}</title></caption><graphic xlink:href="chart"/></fig>`}
<table-wrap id="t1"><label>${w.table}</label><caption><title>${w.table}</title></caption>${article.tableHtml}</table-wrap></sec>
<sec id="s4"><title>${w.conclusion}</title><p>${abstract}</p></sec>
</body>
<back><ack><p>${w.ack}</p></ack><ref-list>${article.references.map((reference, n) => `<ref id="r${n + 1}">${reference.jats}</ref>`).join('')}</ref-list></back>
</article>`;
  const parsed = parseXml(xml);
  if ('problem' in parsed)
    throw new Error(`the demo's JATS of article ${article.id}: ${JSON.stringify(parsed.problem)}`);
  const back = first(parsed.root, 'back');
  const chartUrl = fileUrl(article.chartId);
  const body = renderBody(first(parsed.root, 'body'), back, { imageUrl: () => chartUrl });
  const fulltext = {
    article_id: article.id,
    position: 1,
    body_html: body.html,
    toc: JSON.stringify(body.toc),
    footnotes_html: body.footnotesHtml || null,
    acknowledgements_html: body.acknowledgementsHtml || null,
    funding_html: null,
  };
  const references = readReferences(back).map((reference, n) => ({
    article_id: article.id,
    position: n + 1,
    ...reference,
  }));
  return { fulltext, references };
}
