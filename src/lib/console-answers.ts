/**
 * What the console's content routes answer: written once, read by the store's console modules
 * (the rows), the admin routes (what they add: state, preview link) and the console's panels.
 */

/** An article as the console shows it, drafts and scheduled ones included. */
export type ConsoleArticle = {
  id: number;
  doi: string | null;
  title: string;
  enTitle: string | null;
  abstract: string | null;
  enAbstract: string | null;
  status: string;
  publishedDate: string | null;
  /** when the public sees it (ISO 8601, UTC) */
  publishAt: string;
  notice: { kind: string; date: string | null; reason: string | null } | null;
  removed: { date: string; reason: string | null } | null;
};

/** An issue as the console shows it, scheduled ones included. */
export type ConsoleIssue = {
  id: number;
  issn: string | null;
  journal: string | null;
  enJournal: string | null;
  year: number;
  volume: number;
  issue: number;
  publishDate: string;
  publishAt: string;
};

/** A news item as the console shows it, scheduled and unpublished ones included. */
export type ConsoleNews = {
  id: number;
  key: string | null;
  type: string;
  title: string;
  enTitle: string | null;
  content: string | null;
  enContent: string | null;
  publishAt: string;
  /** unpublished: hidden from the public whatever its publish time */
  draft: boolean;
};

/** A signed link that opens the item as the public will see it, for items the public cannot see yet (else null). */
type Previewed = { preview: string | null };

export type ArticleAnswer = ConsoleArticle & Previewed;
export type IssueAnswer = ConsoleIssue & Previewed;
export type NewsState = 'published' | 'scheduled' | 'unpublished';
export type NewsAnswer = ConsoleNews & Previewed & { state: NewsState };

/** An import's problem or notice as the console reads it: where, what (keyed), in the editor's language. */
export type ImportProblemAnswer = {
  path: string;
  code: string;
  params: Readonly<Record<string, string | number>>;
  message: string;
};

/** a finished pass, as the builder's tracker reports it */
/** What caused a pass: the rows of one kind of content one kind of change touched (menu, settings: the whole kind). */
export type PassCause = { kind: string; action: 'added' | 'updated' | 'removed'; count: number };

/** Why a page or a pass failed, as the console words it (the builder's own text is in the server log only). */
export const PASS_PROBLEM_CODES = [
  'httpStatus',
  'workerStopped',
  'poolClosed',
  'writeFailed',
  'shellTemplateMissing',
  'shellMarksMissing',
  'renderFailed',
  'pagesFailed',
  'noPageRendered',
  'passFailed',
] as const;
export type PassProblem = { code: (typeof PASS_PROBLEM_CODES)[number]; params: Record<string, string | number> };

export type PassRecord = {
  ok: boolean;
  /** the changes the pass applied (absent for a pass over the whole site and passes recorded before) */
  causes?: PassCause[];
  /** 'full': every page; 'changes': the pages recorded changes touched */
  kind: 'full' | 'changes';
  /** pages rendered, by kind */
  pages: Record<string, number>;
  /** pages that failed (the previous version kept serving) */
  failed: { path: string; reason: string }[];
  error?: string;
  /** seconds per step of a pass over changes (plan, list, link, render, templates, check, sitemaps, swap) */
  steps?: Record<string, number>;
  /** the finish time when the pass was not seen starting */
  startedAt: string;
  /** absent when the pass was not seen starting */
  durationMs?: number;
  finishedAt: string;
};

/** A pass as the console reads it: each failure and the pass's own error keyed, the builder's English left out. */
export type PassAnswer = Omit<PassRecord, 'failed' | 'error'> & {
  failed: { path: string; problem: PassProblem }[];
  problem?: PassProblem;
  /** pages a pass over changes looked up (this process's last pass only) */
  listed?: number;
};

/** What GET /_admin/rebuild/{sld} answers of a site's passes: the one running (this process's), the last, the store's history. */
export type PublishingAnswer = {
  /** 'idle', 'running' or 'running+queued' */
  state: string;
  pass: {
    running: {
      kind: 'full' | 'changes';
      causes?: PassCause[];
      done: number;
      total: number;
      startedAt: string;
    } | null;
    last: PassAnswer | null;
    history: PassAnswer[];
    finished: { full: number; changes: number };
  };
};

/** A header button as the console edits it (the import's shape). */
export type SettingsButton = { status: 0 | 1; name: string; enName: string | null; link: string };

/** A site's settings as GET/PUT /_admin/sites/{sld}/settings carry them. */
export type SiteSettings = {
  theme: { colour: number; colour1: string | null; colour2: string | null; colour3: string | null };
  grayType: number;
  header: {
    navStyle: number;
    isCeiling: boolean;
    hasLoginAndRegister: boolean;
    searchBox: boolean;
    switchLanguage: boolean;
    customButtons: SettingsButton[];
  };
  footer: {
    address: string | null;
    enAddress: string | null;
    postcode: string | null;
    phone: string | null;
    email: string | null;
    fax: string | null;
    copyright: string | null;
    enCopyright: string | null;
    icp: string | null;
    picp: string | null;
    picpLink: string | null;
    showVisits: boolean;
  };
};

/** An entry of the audit log as the console lists it. */
export type AuditRecord = {
  id: number;
  site: string | null;
  actor: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/** A staff account as the console and the admin API see it. */
export type StaffAccount = {
  id: number;
  email: string;
  role: 'admin' | 'editor';
  sites: string[];
  disabled: boolean;
  /** holds a one-time password: may do nothing but choose their own */
  mustChangePassword: boolean;
};

/** A site's API token (never its secret, which is shown once at creation). */
export type SiteToken = { id: number; site: string; label: string; createdBy: string; createdAt: string };
