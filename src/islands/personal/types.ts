/** What the personal centre's tabs share: the API client, the labels and the shapes of the rows they load. */
import type { Dictionary } from '../../i18n/index.ts';
import type { Lang } from '../../lib/lang.ts';
import type { UploadProblem } from '../../lib/upload-rules.ts';
import type { browserApi } from '../state/api.ts';

export type Api = ReturnType<typeof browserApi>;
export type Labels = Dictionary['account'];
/** the names of resource types, for the favourites' and an album's tabs */
export type TypeLabels = Dictionary['pages']['resourceTypes'];
export type UploadMessages = Record<UploadProblem, string>;

export type Titled = { title: string | null; enTitle: string | null };
export type Paged<T> = { content: T[]; total: number };
export type Album = { id: number; name: string; enName: string | null; coverUrl: string | null; items: number };

/** What the favourites and an album share: the API, the labels, and how a row is titled. */
export type Kept = {
  api: Api;
  labels: Labels;
  typeLabels: TypeLabels;
  lang: Lang;
  titleOf: (row: Titled) => string;
  uploadMessages: UploadMessages;
};
export type KeptRow = Titled & { type: string; id: number };
