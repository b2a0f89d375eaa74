/**
 * CN/EN switch (docs/product-rules.md#language-switch): flips the language cookie, rewrites /zh ↔ /en (or lang= on a query page: pathInLanguage), reloads after 500 ms.
 * Without JavaScript it is a plain link to the same page in the other language.
 */
import { LANGUAGE_SWITCH_DELAY_MS } from '../lib/constants.ts';
import { LANG_COOKIE, type Lang, pathInLanguage } from '../lib/lang.ts';
import { reactIsland } from './react-island.ts';
import { setCookie } from './state/cookies.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

type Props = { to: Lang; href: string; text: string; label: string };

function LanguageToggle({ to, href, text, label }: Props) {
  return (
    <a
      className="lang-switch"
      href={href}
      hrefLang={to}
      onClick={(event) => {
        event.preventDefault();
        setCookie(LANG_COOKIE, to, ONE_YEAR_SECONDS);
        const target = pathInLanguage(location.pathname + location.search + location.hash, to);
        setTimeout(() => location.assign(target), LANGUAGE_SWITCH_DELAY_MS);
      }}
    >
      {text}
      <span className="visually-hidden"> {label}</span>
    </a>
  );
}

export default reactIsland(LanguageToggle);
