/** Journals (publications), their columns and issues (periods), each with a drawn cover. */
import { coverSvg } from '../files/svg.ts';
import { calendarIssues, journalCalendar } from './calendar.ts';
import { addSvg, primaryColour, type SeedContext } from './context.ts';
import type { JournalSpec, SiteSpec } from './site-data.ts';
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

/** What a journal publishing this many issues a year is called. */
const FREQUENCY_NAMES: Record<number, [zh: string, en: string, enPublished: string]> = {
  4: ['季刊', 'Quarterly', 'quarterly'],
  6: ['双月刊', 'Bimonthly', 'bimonthly'],
  12: ['月刊', 'Monthly', 'monthly'],
  24: ['半月刊', 'Semimonthly', 'semimonthly'],
  36: ['旬刊', 'Every ten days', 'every ten days'],
  52: ['周刊', 'Weekly', 'weekly'],
};
const frequencyName = (issuesPerYear: number) =>
  FREQUENCY_NAMES[issuesPerYear] ?? [
    `每年${issuesPerYear}期`,
    `${issuesPerYear} issues a year`,
    `${issuesPerYear} times a year`,
  ];

function introduction(site: SiteSpec, journal: JournalSpec): [string, string] {
  const [frequency, , enPublished] = frequencyName(journal.issuesPerYear);
  return [
    `<p>《${journal.name}》创刊于${journal.foundedYear}年，由${journal.sponsor}主办，是${frequency}。` +
      `刊物坚持学术性与创新性并重，报道领域内的最新研究成果。</p><p>现被 Scopus、EI、CSCD 等数据库收录。主编：${journal.editorInChief}。</p>`,
    `<p><em>${journal.enName}</em> was founded in ${journal.foundedYear} and is sponsored by ${journal.enSponsor}. It is published ${enPublished} and reports the latest advances in its field.</p>` +
      `<p>Indexed in Scopus, EI and CSCD. Editor-in-chief: ${journal.enEditorInChief}. Website: ${site.sld}.example.org.</p>`,
  ];
}

/** `articles`: how many articles each journal of the site will hold, which sets its calendar. */
export async function seedJournals(
  ctx: SeedContext,
  site: SiteSpec,
  articles: readonly number[],
): Promise<SeededJournal[]> {
  const colour = primaryColour(site);
  const journals: SeededJournal[] = [];
  for (const [index, demoSpec] of site.journals.entries()) {
    const calendar = journalCalendar(site.id, demoSpec, articles[index] ?? 0);
    const spec = { ...demoSpec, issuesPerYear: calendar.issuesPerYear };
    const [frequency, enFrequency] = frequencyName(calendar.issuesPerYear);
    const coverId = await addSvg(
      ctx,
      site.id,
      `${spec.abbreviation}-cover.svg`,
      coverSvg(spec.name, spec.enName, colour, `ISSN ${spec.issn}`),
    );
    const [intro, enIntro] = introduction(site, spec);
    const id = await ctx.insert('publications', {
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
      frequency,
      en_frequency: enFrequency,
      founded_year: spec.foundedYear,
      cover_id: coverId,
      introduction: intro,
      en_introduction: enIntro,
      sort_order: index + 1,
    });
    const columnIds: number[] = [];
    for (const [position, [name, enName]] of FIELD_WORDS[spec.field].columns.entries())
      columnIds.push(
        await ctx.insert('columns', { publication_id: id, name, en_name: enName, sort_order: position + 1 }),
      );
    const periods: SeededPeriod[] = [];
    for (const { year, issue, publishDate } of calendarIssues(calendar)) {
      const volume = year - spec.foundedYear + 1;
      const line = `${year}年 第${issue}期 · Vol. ${volume} No. ${issue}`;
      const cover = await addSvg(
        ctx,
        site.id,
        `${spec.abbreviation}-${year}-${issue}.svg`,
        coverSvg(spec.name, spec.enName, colour, line),
      );
      const periodId = await ctx.insert('periods', {
        site_id: site.id,
        publication_id: id,
        year,
        volume,
        issue,
        publish_date: publishDate,
        cover_id: cover,
      });
      periods.push({ id: periodId, year, volume, issue, publishDate });
    }
    journals.push({ id, siteId: site.id, spec, site, coverId, columnIds, periods });
  }
  return journals;
}
