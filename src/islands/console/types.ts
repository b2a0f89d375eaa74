import type { Dictionary } from '../../i18n/index.ts';
import type { Lang } from '../../lib/lang.ts';

export type ConsoleTexts = Dictionary['console'];
export type ConsoleProps = { lang: Lang; texts: ConsoleTexts };
export type Me =
  | { kind: 'staff'; email: string; role: 'admin' | 'editor'; sites: string[]; mustChangePassword?: boolean }
  | { kind: 'platform' | 'token' };
export type SiteEntry = { sld: string; name: string; enName: string; status: string };
