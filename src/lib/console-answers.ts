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
