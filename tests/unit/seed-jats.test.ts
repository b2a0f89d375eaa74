/** The demo seed gives a share of its articles a full text from JATS, so the feature shows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getArticle } from '../../src/server/store/article-detail.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
beforeAll(async () => {
  demo = await createDemoDb({ articles: 400 });
});
afterAll(() => demo.cleanup());

describe('the demo full texts', () => {
  it('a share of the formal articles has one, with its figure, table, formulas and linked references', async () => {
    const rows = demo.db
      .prepare(
        'SELECT f.article_id AS id, a.site_id AS site FROM article_fulltexts f JOIN articles a ON a.id = f.article_id',
      )
      .all();
    const formal = Number(demo.db.prepare("SELECT COUNT(*) AS n FROM articles WHERE status = 'formal'").get()?.['n']);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(formal / 4);
    for (const row of rows) {
      const article = await getArticle(demo.db, Number(row['site']), Number(row['id']));
      const html = article?.fullText?.bodyHtml ?? '';
      expect(
        html.match(/<figure class="ft-fig"[^>]*><a [^>]*href="\/rc-pub\/front\/files\/get\?id=\d+">/g),
      ).toHaveLength(1);
      expect(html.match(/<table>/g)).toHaveLength(1);
      expect(html.match(/<math[\s>]/g)).toHaveLength(2);
      expect(article?.fullText?.toc.map((entry) => entry.level)).toEqual([1, 1, 2, 1, 1]);
      const anchors = new Set(article?.references.map((reference) => `ref-${reference.anchor}`));
      const cited = [...html.matchAll(/class="ft-cite" href="#([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(cited.length).toBeGreaterThan(0);
      for (const target of cited) expect(anchors.has(target)).toBe(true);
      // the references keep their text and gain their parts
      expect(article?.references.every((reference) => reference.year && reference.source && reference.authors)).toBe(
        true,
      );
    }
  });
});
