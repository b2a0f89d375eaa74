/**
 * Articles with authors, institutions, references, figures and PDF attachment rows. This step
 * dominates the seed time (100,000 articles): the seed gives each article its id (the next after
 * the largest, as the engine would), so articles and their children alike are gathered and written
 * as multi-row inserts, the articles first; a statement per article cost a round trip each on
 * PostgreSQL.
 */
import { chartSvg } from '../files/svg.ts';
import { insertRows, type RowValues } from '../store/bulk/insert.ts';
import { seedDailyCounts } from './article-counts.ts';
import { articleText, referenceText } from './article-text.ts';
import { formalCount, issueSizes } from './calendar.ts';
import { addDays, addSvg, pad, primaryColour, type SeedContext } from './context.ts';
import { jatsFullTextRows } from './jats.ts';
import type { SeededJournal, SeededPeriod } from './journals.ts';
import { createRandom } from './random.ts';
import { createRowBatch } from './row-batch.ts';
import { BASE_DATE } from './site-data.ts';

type Status = 'formal' | 'online-first' | 'just-accepted';
type Slot = { status: Status; period: SeededPeriod | null; columnIndex: number; sortOrder: number };

function slotsFor(journal: SeededJournal, count: number): Slot[] {
  const formal = formalCount(count);
  const onlineFirst = Math.round(count * 0.12);
  const justAccepted = count - formal - onlineFirst;
  const periods = journal.periods;
  const sizes = issueSizes(journal.siteId, periods, formal);
  const slots: Slot[] = [];
  const columns = journal.columnIds.length;
  for (const [index, period] of periods.entries()) {
    const n = sizes[index] ?? 0;
    for (let i = 0; i < n; i++) {
      // columns fill in order, reviews (column 2) get about one article in eight
      const columnIndex = i % 8 === 3 ? 1 : i % 11 === 7 ? Math.min(2, columns - 1) : i % 13 === 5 ? columns - 1 : 0;
      slots.push({ status: 'formal', period, columnIndex, sortOrder: i + 1 });
    }
  }
  for (let i = 0; i < onlineFirst; i++)
    slots.push({ status: 'online-first', period: null, columnIndex: 0, sortOrder: i + 1 });
  for (let i = 0; i < justAccepted; i++)
    slots.push({ status: 'just-accepted', period: null, columnIndex: 0, sortOrder: i + 1 });
  return slots;
}

/** Online-first proofs: mostly 1..10, some 0 (no label) and some other numbers (corrected proof). */
function versionOf(ctx: SeedContext, status: Status): number {
  if (status === 'just-accepted') return -1;
  if (status === 'formal') return 0;
  const roll = ctx.random.next();
  if (roll < 0.8) return ctx.random.int(1, 10);
  if (roll < 0.9) return 0;
  return ctx.random.pick([11, 12, 20, 99]);
}

const TABLE_HTML =
  '<table><thead><tr><th>样品 Sample</th><th>参数 Parameter</th><th>结果 Result</th></tr></thead><tbody>' +
  '<tr><td>S1</td><td>300 K</td><td>1.25</td></tr><tr><td>S2</td><td>500 K</td><td>1.87</td></tr><tr><td>S3</td><td>700 K</td><td>2.31</td></tr></tbody></table>';

/** child rows gathered before a multi-row write: bounds the memory at any seed size */
const FLUSH_ROWS = 5_000;

export async function seedArticles(
  ctx: SeedContext,
  journals: readonly SeededJournal[],
  counts: readonly number[],
  onArticle?: (written: number) => void,
): Promise<number> {
  const { random } = ctx;
  const batch = createRowBatch(ctx.trx);
  const articleRows: RowValues[] = [];
  // children name their article: the articles gathered so far go before them
  const flush = async (all: boolean) => {
    await insertRows(ctx.trx, 'articles', articleRows.splice(0));
    await batch.flush(all);
  };
  const newest = await ctx.trx
    .selectFrom('articles')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  let nextArticleId = Number(newest?.id ?? 0) + 1;
  let written = 0;
  for (const [journalIndex, journal] of journals.entries()) {
    const count = counts[journalIndex] ?? 0;
    if (count === 0) continue;
    const colour = primaryColour(journal.site);
    // a stream of its own, so the rest of the demo is the same as before daily counts were seeded
    const countsRandom = createRandom(journal.id * 7919);
    // four drawings of an article's Figure 1 (the only figure a demo article has): the label drawn in
    // the picture is the caption's number
    const charts: number[] = [];
    for (let i = 0; i < 4; i++)
      charts.push(
        await addSvg(
          ctx,
          journal.siteId,
          `${journal.spec.abbreviation}-figure-${i + 1}.svg`,
          chartSvg(
            '图 1 / Fig. 1',
            colour,
            Array.from({ length: 8 }, () => random.int(5, 100)),
          ),
        ),
      );
    const pages = new Map<number, number>();
    let preprint = 0;
    for (const slot of slotsFor(journal, count)) {
      const english = random.chance(journal.spec.englishShare);
      const review = slot.columnIndex === 1;
      const text = articleText(random, journal.spec.field, { english, review });
      let published: string;
      let doi: string | null;
      let firstPage: number | null = null;
      let lastPage: number | null = null;
      const year = slot.period?.year ?? 2026;
      if (slot.period) {
        published = slot.period.publishDate;
        const first = pages.get(slot.period.id) ?? 1;
        const length = random.int(review ? 12 : 6, review ? 24 : 14);
        firstPage = first;
        lastPage = first + length - 1;
        pages.set(slot.period.id, lastPage + 1);
        doi = `10.13475/j.${journal.spec.abbreviation}.${year}.${pad(slot.period.issue, 2)}.${pad(slot.sortOrder, 3)}`;
      } else {
        preprint++;
        published = addDays(BASE_DATE, -random.int(1, slot.status === 'online-first' ? 330 : 90));
        doi = `10.13475/j.${journal.spec.abbreviation}.${published.slice(0, 4)}-${pad(preprint, 5)}`;
      }
      if (random.chance(0.01)) doi = null;
      const received = addDays(published, -random.int(120, 300));
      const revised = addDays(received, random.int(30, 90));
      const ageDays = Math.max(1, Math.round((Date.parse(BASE_DATE) - Date.parse(published)) / 86_400_000));
      const views = random.int(20, 60) + Math.floor(ageDays * random.next() * 3);
      const downloads = Math.floor(views * (0.2 + random.next() * 0.4));
      const citations = slot.status === 'formal' ? Math.floor((ageDays / 365) * random.next() * 12) : 0;
      const articleId = nextArticleId++;
      articleRows.push({
        id: articleId,
        site_id: journal.siteId,
        publication_id: journal.id,
        period_id: slot.period?.id ?? null,
        column_id: journal.columnIds[slot.columnIndex] ?? null,
        doi,
        title: text.title,
        en_title: text.enTitle,
        abstract: text.abstract,
        en_abstract: text.enAbstract,
        keywords: text.keywords,
        en_keywords: text.enKeywords,
        language: english ? 'en' : 'zh',
        first_page: firstPage,
        last_page: lastPage,
        version: versionOf(ctx, slot.status),
        status: slot.status,
        open_access: random.chance(0.85) ? 1 : 0,
        fund: text.fund,
        en_fund: text.enFund,
        received_date: received,
        revised_date: revised,
        published_date: published,
        views,
        downloads,
        citations,
        updated_at: `${published}T08:00:00.000Z`,
        sort_order: slot.sortOrder,
      });
      seedDailyCounts(
        countsRandom,
        (article_id, site_id, day, views, downloads) =>
          batch.add('article_daily_counts', { article_id, site_id, day, views, downloads }),
        { id: articleId, siteId: journal.siteId, published, views, downloads },
        BASE_DATE,
      );
      for (const [i, inst] of text.institutions.entries()) {
        batch.add('institutions', { article_id: articleId, position: i + 1, name: inst.name, en_name: inst.enName });
      }
      const institutionCount = text.institutions.length;
      text.authors.forEach((author, i) => {
        const positions = i === 0 && institutionCount > 1 ? '1;2' : String((i % institutionCount) + 1);
        batch.add('authors', {
          article_id: articleId,
          position: i + 1,
          name: author.name,
          en_name: author.enName,
          email: i === 0 ? `${author.enName.toLowerCase().replace(/[^a-z]+/g, '.')}@example.edu.cn` : null,
          orcid: i === 0 ? `0000-000${random.int(1, 3)}-${random.int(1000, 9999)}-${random.int(1000, 9999)}` : null,
          corresponding: i === 0 ? 1 : 0,
          institution_positions: positions,
        });
      });
      const references = Array.from({ length: random.int(5, 15) }, (_, r) =>
        referenceText(random, journal.spec.field, r + 1),
      );
      // a quarter of the articles with a figure have their full text from JATS, which brings its references too
      const withFigure = slot.status === 'formal' && slot.sortOrder % 8 === 1;
      const fullText = withFigure && articleId % 4 === 0;
      if (!fullText)
        for (const [r, reference] of references.entries())
          batch.add('article_references', {
            article_id: articleId,
            position: r + 1,
            text: reference.text,
            doi: reference.doi,
          });
      if (slot.status !== 'just-accepted')
        batch.add('attachments', { article_id: articleId, attach_type: 'pdf', file_id: null });
      if (withFigure) {
        const chart = charts[Math.floor(slot.sortOrder / 8) % charts.length] ?? null;
        if (fullText) {
          const rows = jatsFullTextRows({
            id: articleId,
            english,
            text,
            references,
            chartId: chart,
            tableHtml: TABLE_HTML,
          });
          batch.add('article_fulltexts', rows.fulltext);
          for (const reference of rows.references) batch.add('article_references', reference);
        }
        batch.add('figures', {
          site_id: journal.siteId,
          article_id: articleId,
          kind: 'picture',
          position: 1,
          caption: `图1 ${text.title.slice(0, 20)}的实验结果`,
          en_caption: `Fig. 1 Experimental results`,
          file_id: chart,
          table_html: null,
        });
        batch.add('figures', {
          site_id: journal.siteId,
          article_id: articleId,
          kind: 'table',
          position: 1,
          caption: '表1 主要实验参数',
          en_caption: 'Table 1 Main experimental parameters',
          file_id: null,
          table_html: TABLE_HTML,
        });
      }
      if (batch.size >= FLUSH_ROWS) await flush(false);
      written++;
      onArticle?.(written);
    }
  }
  await flush(true);
  return written;
}
