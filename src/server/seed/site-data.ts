/** The eight demo sites (ids and short names are a contract other code and tests rely on) and their journals. */
export type Field = 'materials' | 'electromagnetics' | 'education' | 'chemistry';

export type JournalSpec = {
  name: string;
  enName: string;
  /** DOI infix and short name, e.g. jmst → 10.13475/j.jmst.2024.03.012 */
  abbreviation: string;
  issn: string;
  eissn: string | null;
  cn: string;
  field: Field;
  issuesPerYear: number;
  foundedYear: number;
  sponsor: string;
  enSponsor: string;
  editorInChief: string;
  enEditorInChief: string;
  /** share of this site's articles written in English */
  englishShare: number;
};

export type SiteSpec = {
  id: number;
  sld: string;
  domain: string | null;
  type: 'single' | 'group' | 'all';
  name: string;
  enName: string;
  initials: string;
  navStyle: number;
  colour: number;
  /** own colours, used when colour is 0 */
  custom: { colour1: string; colour2: string; colour3: string } | null;
  grayType: number;
  status: 'active' | 'expired' | 'forbidden';
  /** a light grey footer (style 1) or a dark one (style 2) */
  lightFooter: boolean;
  /** a long top-level menu that overflows 650 px, or a compact two-level one */
  wideMenu: boolean;
  /** relative share of the article count */
  weight: number;
  journals: JournalSpec[];
  city: string;
  enCity: string;
  postcode: string;
};

const journal = (
  spec: Omit<JournalSpec, 'eissn' | 'englishShare'> & Partial<Pick<JournalSpec, 'eissn' | 'englishShare'>>,
): JournalSpec => ({
  eissn: null,
  englishShare: 0.15,
  ...spec,
});

export const SITE_SPECS: readonly SiteSpec[] = [
  {
    id: 1,
    sld: 'jmst',
    domain: 'www.jmst-demo.org',
    type: 'single',
    name: '材料科学与技术学报',
    enName: 'Journal of Materials Science and Technology',
    initials: 'JMST',
    navStyle: 1,
    colour: 1,
    custom: null,
    grayType: 0,
    status: 'active',
    lightFooter: false,
    wideMenu: true,
    weight: 40,
    city: '沈阳',
    enCity: 'Shenyang',
    postcode: '110016',
    journals: [
      journal({
        name: '材料科学与技术学报',
        enName: 'Journal of Materials Science and Technology',
        abbreviation: 'jmst',
        issn: '1005-0302',
        eissn: '1941-1162',
        cn: '21-1315/TG',
        field: 'materials',
        issuesPerYear: 12,
        foundedYear: 1985,
        sponsor: '中国金属学会',
        enSponsor: 'The Chinese Society for Metals',
        editorInChief: '李明远',
        enEditorInChief: 'Li Mingyuan',
        englishShare: 0.3,
      }),
    ],
  },
  {
    id: 2,
    sld: 'cpg',
    domain: null,
    type: 'group',
    name: '中华学术出版集团',
    enName: 'China Academic Publishing Group',
    initials: 'CAPG',
    navStyle: 2,
    colour: 5,
    custom: null,
    grayType: 1,
    status: 'active',
    lightFooter: true,
    wideMenu: true,
    weight: 18,
    city: '北京',
    enCity: 'Beijing',
    postcode: '100717',
    journals: [
      journal({
        name: '中国材料工程',
        enName: 'Chinese Materials Engineering',
        abbreviation: 'cme',
        issn: '1001-4381',
        cn: '11-1800/TB',
        field: 'materials',
        issuesPerYear: 6,
        foundedYear: 1956,
        sponsor: '中华学术出版集团',
        enSponsor: 'China Academic Publishing Group',
        editorInChief: '周建华',
        enEditorInChief: 'Zhou Jianhua',
      }),
      journal({
        name: '电子与信息学报',
        enName: 'Journal of Electronics and Information',
        abbreviation: 'jei',
        issn: '1009-5896',
        cn: '11-4494/TN',
        field: 'electromagnetics',
        issuesPerYear: 6,
        foundedYear: 1979,
        sponsor: '中华学术出版集团',
        enSponsor: 'China Academic Publishing Group',
        editorInChief: '陈志刚',
        enEditorInChief: 'Chen Zhigang',
      }),
      journal({
        name: '应用化学通报',
        enName: 'Bulletin of Applied Chemistry',
        abbreviation: 'bac',
        issn: '1000-0518',
        cn: '22-1128/O6',
        field: 'chemistry',
        issuesPerYear: 4,
        foundedYear: 1983,
        sponsor: '中华学术出版集团',
        enSponsor: 'China Academic Publishing Group',
        editorInChief: '黄立新',
        enEditorInChief: 'Huang Lixin',
      }),
    ],
  },
  {
    id: 3,
    sld: 'scholar',
    domain: null,
    type: 'all',
    name: '学术资源总库',
    enName: 'Scholar Resource Portal',
    initials: 'SRP',
    navStyle: 3,
    colour: 0,
    custom: { colour1: '#2b4c7e', colour2: '#3f6aa8', colour3: '#c8a14b' },
    grayType: 0,
    status: 'active',
    lightFooter: false,
    wideMenu: false,
    weight: 10,
    city: '上海',
    enCity: 'Shanghai',
    postcode: '200031',
    journals: [
      journal({
        name: '学术资源研究',
        enName: 'Scholarly Resources Research',
        abbreviation: 'srr',
        issn: '1673-2286',
        cn: '31-1960/G2',
        field: 'education',
        issuesPerYear: 4,
        foundedYear: 2006,
        sponsor: '学术资源总库编辑部',
        enSponsor: 'Editorial Office of Scholar Resource Portal',
        editorInChief: '孙文博',
        enEditorInChief: 'Sun Wenbo',
      }),
    ],
  },
  {
    id: 4,
    sld: 'emf',
    domain: null,
    type: 'single',
    name: '电磁场与微波',
    enName: 'Electromagnetic Fields and Microwaves',
    initials: 'EMF',
    navStyle: 4,
    colour: 8,
    custom: null,
    grayType: 0,
    status: 'active',
    lightFooter: true,
    wideMenu: false,
    weight: 10,
    city: '成都',
    enCity: 'Chengdu',
    postcode: '610054',
    journals: [
      journal({
        name: '电磁场与微波',
        enName: 'Electromagnetic Fields and Microwaves',
        abbreviation: 'emf',
        issn: '1671-0886',
        eissn: '2096-4455',
        cn: '51-1642/TN',
        field: 'electromagnetics',
        issuesPerYear: 6,
        foundedYear: 2001,
        sponsor: '电子科技大学',
        enSponsor: 'University of Electronic Science and Technology of China',
        editorInChief: '刘振宇',
        enEditorInChief: 'Liu Zhenyu',
        englishShare: 0.25,
      }),
    ],
  },
  {
    id: 5,
    sld: 'gzxb',
    domain: null,
    type: 'single',
    name: '高职学报',
    enName: 'Journal of Higher Vocational Education',
    initials: 'JHVE',
    navStyle: 5,
    colour: 3,
    custom: null,
    grayType: 2,
    status: 'active',
    lightFooter: false,
    wideMenu: false,
    weight: 8,
    city: '广州',
    enCity: 'Guangzhou',
    postcode: '510635',
    journals: [
      journal({
        name: '高职学报',
        enName: 'Journal of Higher Vocational Education',
        abbreviation: 'gzxb',
        issn: '1672-5727',
        cn: '44-1579/G4',
        field: 'education',
        issuesPerYear: 6,
        foundedYear: 1999,
        sponsor: '广东职业技术学院',
        enSponsor: 'Guangdong Polytechnic',
        editorInChief: '郑晓燕',
        enEditorInChief: 'Zheng Xiaoyan',
        englishShare: 0.05,
      }),
    ],
  },
  {
    id: 6,
    sld: 'hxyj',
    domain: null,
    type: 'single',
    name: '化学研究',
    enName: 'Chemical Research',
    initials: 'CR',
    navStyle: 6,
    colour: 11,
    custom: null,
    grayType: 0,
    status: 'active',
    lightFooter: true,
    wideMenu: false,
    weight: 10,
    city: '开封',
    enCity: 'Kaifeng',
    postcode: '475004',
    journals: [
      journal({
        name: '化学研究',
        enName: 'Chemical Research',
        abbreviation: 'hxyj',
        issn: '1008-1011',
        cn: '41-1258/O6',
        field: 'chemistry',
        issuesPerYear: 6,
        foundedYear: 1990,
        sponsor: '河南大学',
        enSponsor: 'Henan University',
        editorInChief: '王海涛',
        enEditorInChief: 'Wang Haitao',
      }),
    ],
  },
  {
    id: 7,
    sld: 'lapsed',
    domain: null,
    type: 'single',
    name: '旧刊',
    enName: 'Lapsed Journal',
    initials: 'LJ',
    navStyle: 1,
    colour: 2,
    custom: null,
    grayType: 0,
    status: 'expired',
    lightFooter: true,
    wideMenu: false,
    weight: 2,
    city: '武汉',
    enCity: 'Wuhan',
    postcode: '430072',
    journals: [
      journal({
        name: '旧刊',
        enName: 'Lapsed Journal',
        abbreviation: 'lj',
        issn: '1009-3087',
        cn: '42-1100/N',
        field: 'materials',
        issuesPerYear: 4,
        foundedYear: 1995,
        sponsor: '旧刊编辑部',
        enSponsor: 'Lapsed Journal Editorial Office',
        editorInChief: '吴国平',
        enEditorInChief: 'Wu Guoping',
      }),
    ],
  },
  {
    id: 8,
    sld: 'closed',
    domain: null,
    type: 'single',
    name: '停刊',
    enName: 'Closed Journal',
    initials: 'CJ',
    navStyle: 1,
    colour: 4,
    custom: null,
    grayType: 0,
    status: 'forbidden',
    lightFooter: false,
    wideMenu: false,
    weight: 2,
    city: '西安',
    enCity: "Xi'an",
    postcode: '710049',
    journals: [
      journal({
        name: '停刊',
        enName: 'Closed Journal',
        abbreviation: 'cj',
        issn: '1671-5276',
        cn: '61-1400/N',
        field: 'chemistry',
        issuesPerYear: 4,
        foundedYear: 1998,
        sponsor: '停刊编辑部',
        enSponsor: 'Closed Journal Editorial Office',
        editorInChief: '马立群',
        enEditorInChief: 'Ma Liqun',
      }),
    ],
  },
];

/** The group site and the sites it gathers (the group entrance lists their journals). */
export const GROUP_MEMBERS: Readonly<Record<number, readonly number[]>> = { 2: [1, 4, 6] };

/** jmst's issue that holds 300+ articles. */
export const BIG_ISSUE = { siteId: 1, year: 2025, issue: 6, articles: 320 } as const;

/** The demo's "today": generated dates never depend on the clock. */
export const BASE_DATE = '2026-11-01';
export const FIRST_YEAR = 2019;

/** The member account created on every site. */
export const DEMO_USER = { userName: 'demo', password: 'Demo2026pass' } as const;
