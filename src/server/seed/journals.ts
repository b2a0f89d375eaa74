/** Journals (publications), their columns and issues (periods), each with a drawn cover. */
import { coverSvg } from '../files/svg.ts';
import { addSvg, pad, primaryColour, type SeedContext } from './context.ts';
import { BASE_DATE, FIRST_YEAR, type JournalSpec, type SiteSpec } from './site-data.ts';
import { FIELD_WORDS } from './vocabulary.ts';

export type SeededPeriod = { id: number; year: number; volume: number; issue: number; publishDate: string };
export type SeededJournal = {
  id: number;
  siteId: number;
  spec: JournalSpec;
  site: SiteSpec;
  coverId: number;
  /** column ids in sort order; the second one is the review column */
  columnIds: number[];
  periods: SeededPeriod[];
};

function introduction(site: SiteSpec, journal: JournalSpec): [string, string] {
  return [
    `<p>《${journal.name}》创刊于${journal.foundedYear}年，由${journal.sponsor}主办，是${journal.issuesPerYear === 12 ? '月刊' : journal.issuesPerYear === 6 ? '双月刊' : '季刊'}。` +
      `刊物坚持学术性与创新性并重，报道领域内的最新研究成果。</p><p>现被 Scopus、EI、CSCD 等数据库收录。主编：${journal.editorInChief}。</p>`,
    `<p><em>${journal.enName}</em> was founded in ${journal.foundedYear} and is sponsored by ${journal.enSponsor}. It is published ` +
      `${journal.issuesPerYear === 12 ? 'monthly' : journal.issuesPerYear === 6 ? 'bimonthly' : 'quarterly'} and reports the latest advances in its field.</p>` +
      `<p>Indexed in Scopus, EI and CSCD. Editor-in-chief: ${journal.enEditorInChief}. Website: ${site.sld}.example.org.</p>`,
  ];
}

/** Issue k of a year appears in the month its share of the year ends, on the 15th. */
function publishDate(year: number, issue: number, perYear: number): string {
  return `${year}-${pad(Math.ceil((issue * 12) / perYear), 2)}-15`;
}

export function seedJournals(ctx: SeedContext, site: SiteSpec): SeededJournal[] {
  const colour = primaryColour(site);
  const lastYear = Number(BASE_DATE.slice(0, 4));
  return site.journals.map((spec, index) => {
    const coverId = addSvg(ctx, site.id, `${spec.abbreviation}-cover.svg`, coverSvg(spec.name, spec.enName, colour, `ISSN ${spec.issn}`));
    const [intro, enIntro] = introduction(site, spec);
    const id = ctx.insert('publications', {
      site_id: site.id,
      name: spec.name,
      en_name: spec.enName,
      abbreviation: spec.abbreviation.toUpperCase(),
      issn: spec.issn,
      eissn: spec.eissn,
      cn: spec.cn,
      sponsor: spec.sponsor,
      en_sponsor: spec.enSponsor,
      publisher: `${spec.name}编辑部`,
      en_publisher: `Editorial Office of ${spec.enName}`,
      editor_in_chief: spec.editorInChief,
      en_editor_in_chief: spec.enEditorInChief,
      frequency: spec.issuesPerYear === 12 ? '月刊' : spec.issuesPerYear === 6 ? '双月刊' : '季刊',
      en_frequency: spec.issuesPerYear === 12 ? 'Monthly' : spec.issuesPerYear === 6 ? 'Bimonthly' : 'Quarterly',
      founded_year: spec.foundedYear,
      cover_id: coverId,
      introduction: intro,
      en_introduction: enIntro,
      sort_order: index + 1,
    });
    const columnIds = FIELD_WORDS[spec.field].columns.map(([name, enName], position) =>
      ctx.insert('columns', { publication_id: id, name, en_name: enName, sort_order: position + 1 }),
    );
    const periods: SeededPeriod[] = [];
    for (let year = FIRST_YEAR; year <= lastYear; year++) {
      for (let issue = 1; issue <= spec.issuesPerYear; issue++) {
        const date = publishDate(year, issue, spec.issuesPerYear);
        if (date > BASE_DATE) break;
        const volume = year - spec.foundedYear + 1;
        const line = `${year}年 第${issue}期 · Vol. ${volume} No. ${issue}`;
        const cover = addSvg(ctx, site.id, `${spec.abbreviation}-${year}-${issue}.svg`, coverSvg(spec.name, spec.enName, colour, line));
        const periodId = ctx.insert('periods', {
          site_id: site.id,
          publication_id: id,
          year,
          volume,
          issue,
          publish_date: date,
          cover_id: cover,
        });
        periods.push({ id: periodId, year, volume, issue, publishDate: date });
      }
    }
    return { id, siteId: site.id, spec, site, coverId, columnIds, periods };
  });
}
