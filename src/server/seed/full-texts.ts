/**
 * The demo's full texts: a share of the formal articles (fullTextArticles) get a PDF of several
 * pages as a publisher would supply it, written from the article's own record (title, authors,
 * abstract, keywords, references) with a body in its language, drawn by the same PDF writer as
 * the summary sheet (src/server/files/pdf.ts: standard CJK font, nothing embedded, so a PDF is a
 * few kilobytes and the seed stays fast). Stored as the site's files by content hash.
 */
import type { ArticleDetail } from '../../content/types.ts';
import { inBatches } from '../../lib/in-batches.ts';
import { plainText } from '../../lib/sanitize.ts';
import { renderArticlePdf } from '../files/pdf.ts';
import { pdfInputOf } from '../files/pdf-input.ts';
import { getArticle } from '../store/article-detail.ts';
import { fullTextArticles, setArticlePdf, storeFileOnce } from '../store/bulk/files.ts';
import type { Tx } from '../store/bulk/insert.ts';
import type { Db } from '../store/db.ts';
import { CREATED_AT } from './context.ts';

type Section = { heading: string; paragraphs: string[] };

/** The abstract's sentences, each a building block of the body. */
const sentencesOf = (text: string, english: boolean) =>
  plainText(text)
    .split(english ? /(?<=\.)\s+/ : /(?<=。)/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

function chineseBody(article: ArticleDetail): Section[] {
  const s = sentencesOf(article.abstract ?? '', false);
  const at = (i: number) => s[i % Math.max(1, s.length)] ?? '';
  const keywords = article.keywords.join('、') || article.title;
  const title = plainText(article.title);
  return [
    {
      heading: '1 引言',
      paragraphs: [
        `近年来，围绕${keywords}的研究日益活跃。${at(0)}已有工作多集中于单一因素的讨论，对多种因素共同作用下的规律认识仍不充分。`,
        `针对上述问题，本文开展“${title}”的研究。${at(1)}全文安排如下：第2节介绍试验材料与方法，第3节给出结果并加以讨论，第4节总结全文。`,
      ],
    },
    {
      heading: '2 材料与方法',
      paragraphs: [
        `试验按照相关国家标准进行，每组条件重复三次，取平均值作为结果。${at(1)}主要参数见表1，测试前对设备进行了校准。`,
        `数据处理采用统计分析方法，误差以标准差表示。${at(2)}为保证结果可比，各组试样的制备与测试条件保持一致。`,
      ],
    },
    {
      heading: '3 结果与讨论',
      paragraphs: [
        `${at(2)}图1给出了主要结果随工艺参数的变化。可以看出，在参数较低时指标随参数增大而明显提高，超过一定值后趋于稳定。`,
        `进一步分析表明，这一变化与${article.keywords[0] ?? '材料'}的微观结构演变密切相关。${at(3)}与文献报道的结果相比，本文条件下的指标更为稳定。`,
        `需要指出的是，本文的结论基于有限的试验条件，更宽参数范围内的规律仍有待进一步验证。`,
      ],
    },
    {
      heading: '3.2 机理分析',
      paragraphs: [
        `为解释上述现象，对不同条件下的试样进行了对比分析。${at(0)}结果显示，参数的变化首先影响${article.keywords[1] ?? '组织'}的形成过程，进而改变宏观性能。`,
        `${at(3)}综合以上结果，可以认为优化条件下性能的提高主要来源于结构均匀性的改善，这与第1节提出的假设一致。`,
      ],
    },
    {
      heading: '4 结论',
      paragraphs: [`${s.join('')}`, `本研究得到${article.fund ?? '相关项目'}的资助，作者感谢审稿专家的宝贵意见。`],
    },
  ];
}

function englishBody(article: ArticleDetail): Section[] {
  const s = sentencesOf(article.enAbstract ?? article.abstract ?? '', true);
  const at = (i: number) => s[i % Math.max(1, s.length)] ?? '';
  const keywords =
    (article.enKeywords.length ? article.enKeywords : article.keywords).join(', ') ||
    plainText(article.enTitle ?? article.title);
  return [
    {
      heading: '1 Introduction',
      paragraphs: [
        `Research on ${keywords} has grown steadily in recent years. ${at(0)} Most earlier work examined one factor at a time, and how several factors act together is still not well understood.`,
        `This paper addresses that gap. ${at(1)} Section 2 describes the materials and methods, Section 3 presents and discusses the results, and Section 4 concludes.`,
      ],
    },
    {
      heading: '2 Materials and methods',
      paragraphs: [
        `All tests followed the relevant national standards; each condition was repeated three times and the mean is reported. ${at(1)} The main parameters are listed in Table 1, and the instruments were calibrated before testing.`,
        `Data were analysed statistically and errors are given as standard deviations. ${at(2)} Specimens of all groups were prepared and tested under the same conditions so that the results can be compared.`,
      ],
    },
    {
      heading: '3 Results and discussion',
      paragraphs: [
        `${at(2)} Figure 1 shows the main results against the processing parameters: the indicator rises markedly at low values and levels off beyond a threshold.`,
        `Further analysis shows that this behaviour is closely linked to the evolution of the microstructure. ${at(3)} Compared with results reported in the literature, the indicator is more stable under the conditions studied here.`,
        'These conclusions rest on a limited range of test conditions; the behaviour over a wider range remains to be verified.',
      ],
    },
    {
      heading: '3.2 Mechanism',
      paragraphs: [
        `To explain these observations, specimens prepared under different conditions were compared. ${at(0)} The comparison shows that the parameters act first on how the structure forms, which in turn changes the macroscopic behaviour.`,
        `${at(3)} Taken together, the results indicate that the improvement under optimised conditions comes mainly from a more uniform structure, in line with the hypothesis stated in Section 1.`,
      ],
    },
    {
      heading: '4 Conclusions',
      paragraphs: [
        s.join(' '),
        `This work was supported by ${article.enFund ?? 'the funding bodies named above'}. The authors thank the reviewers for their comments.`,
      ],
    },
  ];
}

/** Full texts whose articles are read ahead together (their reads wait on PostgreSQL's round trips). */
const READ_AHEAD = 32;
const READS_AT_ONCE = 8;

/**
 * Writes the full-text PDFs in `trx`, once the seed's articles are committed; returns how many
 * articles got one. The article is read as its page reads it, through the store (`db`).
 */
export async function seedFullTexts(db: Db, trx: Tx): Promise<number> {
  let written = 0;
  const wanted = await fullTextArticles(trx);
  for (let start = 0; start < wanted.length; start += READ_AHEAD) {
    const chunk = wanted.slice(start, start + READ_AHEAD);
    const articles = await inBatches(chunk, READS_AT_ONCE, ({ id, siteId }) => getArticle(db, siteId, id));
    for (const [index, article] of articles.entries()) {
      const item = chunk[index];
      if (!article || !item) continue;
      await writeFullText(trx, item.siteId, item.id, article);
      written++;
    }
  }
  return written;
}

/** Draws the article's full text, stores it as the site's file and makes it the article's PDF. */
async function writeFullText(trx: Tx, siteId: number, id: number, article: ArticleDetail): Promise<void> {
  const body = article.language === 'en' ? englishBody(article) : chineseBody(article);
  const bytes = renderArticlePdf({
    ...pdfInputOf(article),
    sections: body,
    references: article.references.map((reference) => plainText(reference.text)),
  });
  const file = await storeFileOnce(trx, {
    siteId,
    name: `article-${id}-full-text.pdf`,
    contentType: 'application/pdf',
    bytes,
    createdAt: CREATED_AT,
  });
  await setArticlePdf(trx, id, file.id);
}
