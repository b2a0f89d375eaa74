/** A site's settings as GET/PUT /_admin/sites/{sld}/settings carry them. */
export type CustomButton = { status: 0 | 1; name: string; enName: string | null; link: string };

export type HeaderSettings = {
  navStyle: number;
  isCeiling: boolean;
  hasLoginAndRegister: boolean;
  searchBox: boolean;
  switchLanguage: boolean;
  customButtons: CustomButton[];
};

export const FOOTER_LINES = [
  'address',
  'enAddress',
  'postcode',
  'phone',
  'email',
  'fax',
  'copyright',
  'enCopyright',
  'icp',
  'picp',
  'picpLink',
] as const;

export type FooterSettings = Record<(typeof FOOTER_LINES)[number], string | null> & { showVisits: boolean };

export type Settings = {
  theme: { colour: number; colour1: string | null; colour2: string | null; colour3: string | null };
  grayType: number;
  header: HeaderSettings;
  footer: FooterSettings;
};
