/** News of the four tabs per site (nine different headlines a tab, in an order of the site's own), some pinned with a top banner picture and some external (web page or WeChat). */
import { bannerSvg, pictureSvg } from '../files/svg.ts';
import { addDays, addSvg, primaryColour, type SeedContext } from './context.ts';
import { BASE_DATE, type SiteSpec } from './site-data.ts';

const TYPES = ['information', 'announcement', 'dynamic', 'statement'] as const;
const PER_TYPE = 9;

type Title = (site: SiteSpec, n: number, year: number) => [string, string];

const TITLES: Record<(typeof TYPES)[number], readonly Title[]> = {
  information: [
    (s) => [
      `${s.name}入选中国科技期刊卓越行动计划`,
      `${s.enName} selected for the China Journal Excellence Action Plan`,
    ],
    (s, _n, y) => [`${s.name}${y}年影响因子再创新高`, `${s.enName} reaches a record impact factor in ${y}`],
    (s) => [`${s.name}被 Scopus 数据库收录`, `${s.enName} is now indexed in Scopus`],
    (s) => [`${s.name}获评“百强科技期刊”`, `${s.enName} named one of the top 100 science journals`],
    (_s, n) => [`本刊第${n}篇论文入选ESI高被引论文`, `Paper ${n} of the journal becomes an ESI highly cited paper`],
    (s, _n, y) => [`${s.name}${y}年度报告发布`, `${s.enName} publishes its ${y} annual report`],
    () => ['本刊开通DOI优先出版服务', 'The journal opens DOI-first online publication'],
    (s) => [`${s.name}加入COPE出版伦理委员会`, `${s.enName} joins the Committee on Publication Ethics`],
    (_s, _n, y) => [`${y}年本刊下载量突破百万次`, `Downloads pass one million in ${y}`],
  ],
  announcement: [
    (_s, n, y) => [`关于${y}年第${n}期专刊征稿的通知`, `Call for papers: special issue ${n} of ${y}`],
    (_s, _n, y) => [`${y}年度优秀审稿专家名单公布`, `Outstanding reviewers of ${y} announced`],
    () => ['关于启用新版在线投稿系统的公告', 'Announcement: the new online submission system is live'],
    (_s, n) => [`第${n}届青年编委招募启事`, `Recruiting young editorial board members, round ${n}`],
    () => ['关于调整审稿周期的公告', 'Announcement: revised review timelines'],
    (_s, _n, y) => [`${y}年国庆节期间编辑部工作安排`, `Editorial office hours during the ${y} National Day holiday`],
    () => ['作者投稿须知更新说明', 'Updated instructions for authors'],
    (_s, n) => [`学术讲座第${n}期报名通知`, `Registration open: academic lecture no. ${n}`],
    () => ['关于参考文献著录格式的说明', 'Note on reference formatting'],
  ],
  dynamic: [
    (s, _n, y) => [`${s.name}召开${y}年编委会工作会议`, `${s.enName} holds its ${y} editorial board meeting`],
    (_s, n) => [
      `编辑部参加第${n}届全国科技期刊发展论坛`,
      `Editorial office attends the ${n}th national forum on journal development`,
    ],
    () => ['青年编委学术沙龙成功举办', 'Young editorial board academic salon held successfully'],
    (s) => [`${s.name}主编走访合作高校`, `The editor-in-chief of ${s.enName} visits partner universities`],
    (_s, n) => [`第${n}期“作者面对面”活动回顾`, `Looking back at Meet the Authors no. ${n}`],
    (_s, _n, y) => [`${y}年度审稿专家培训会举行`, `Reviewer training held for ${y}`],
    () => ['编辑部参加国际出版交流会', 'Editorial office attends an international publishing exchange'],
    (s) => [`${s.name}专题研讨会圆满结束`, `${s.enName} symposium concludes`],
    (_s, n) => [`第${n}届优秀论文颁奖仪式举行`, `Best paper award ceremony no. ${n} held`],
  ],
  statement: [
    () => ['关于防范假冒本刊网站的声明', 'Statement on fraudulent websites impersonating the journal'],
    () => ['关于论文版面费收取的郑重声明', 'Statement on article processing charges'],
    () => ['学术不端行为处理声明', 'Statement on handling academic misconduct'],
    () => ['关于作者署名变更的规定', 'Rules on changing the list of authors'],
    () => ['关于数据共享与可重复性的声明', 'Statement on data sharing and reproducibility'],
    () => ['关于一稿多投的处理声明', 'Statement on duplicate submission'],
    () => ['关于人工智能工具使用的声明', 'Statement on the use of AI tools'],
    () => ['关于利益冲突披露的声明', 'Statement on disclosing conflicts of interest'],
    () => ['关于撤稿流程的说明', 'Statement on the retraction process'],
  ],
};

export async function seedNews(ctx: SeedContext, site: SiteSpec, channelId: number | null): Promise<number[]> {
  const { random } = ctx;
  const colour = primaryColour(site);
  const pictures: number[] = [];
  for (let i = 0; i < 4; i++)
    pictures.push(
      await addSvg(ctx, site.id, `${site.sld}-news-${i + 1}.svg`, pictureSvg(site.name, site.enName, colour, i)),
    );
  const tops: number[] = [];
  for (let i = 0; i < 2; i++)
    tops.push(
      await addSvg(
        ctx,
        site.id,
        `${site.sld}-top-banner-${i + 1}.svg`,
        bannerSvg(
          i === 0 ? `${site.name} · 最新动态` : '欢迎投稿',
          i === 0 ? `${site.enName} · Latest news` : 'Submissions welcome',
          colour,
          1200,
          90,
        ),
      ),
    );
  const topIds: number[] = [];
  let n = 0;
  for (const type of TYPES) {
    for (let i = 0; i < PER_TYPE; i++) {
      n++;
      const published = addDays(BASE_DATE, -(n * 19 + random.int(0, 12)));
      const year = Number(published.slice(0, 4));
      // each site starts the templates at its own place, so sites and tabs read differently
      const [title, enTitle] = (TITLES[type][(i + site.id * 2) % TITLES[type].length] as Title)(site, i + 1, year);
      const external = i % 5 === 2 ? 'web' : i % 5 === 4 ? 'wechat' : null;
      const isTop = (type === 'information' && i < 3) || (type === 'announcement' && i === 0) ? 1 : 0;
      const id = await ctx.insert('news', {
        site_id: site.id,
        channel_id: channelId,
        type,
        news_data_type: external === 'wechat' ? 'wechat' : 'news',
        original: external ? 2 : 1,
        source_link:
          external === 'wechat'
            ? `https://mp.weixin.qq.com/s/${site.sld}-demo-${n}`
            : external === 'web'
              ? `https://www.example.com/${site.sld}/news/${n}`
              : null,
        title,
        en_title: enTitle,
        summary: `${title}。详情请阅读全文。`,
        en_summary: `${enTitle}. Read the full story for details.`,
        content: external
          ? null
          : `<p>${title}。</p><p>${site.name}编辑部于${published}发布此消息，欢迎广大作者和读者关注。</p><p><img src="/rc-pub/front/files/get?id=${pictures[i % 4]}" alt="${title}"></p>`,
        en_content: external
          ? null
          : `<p>${enTitle}.</p><p>Published by the editorial office of ${site.enName} on ${published}. Authors and readers are welcome to follow.</p>`,
        picture_id: i % 3 === 2 ? null : pictures[i % pictures.length],
        top_picture_id: isTop ? tops[topIds.length % tops.length] : null,
        is_top: isTop,
        views: random.int(30, 3000),
        published_at: `${published}T0${random.int(1, 9)}:00:00.000Z`,
      });
      if (isTop) topIds.push(id);
    }
  }
  return topIds;
}
