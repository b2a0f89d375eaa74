/**
 * CN/EN switch (SPEC section 4): flips the language cookie, rewrites /zh ↔ /en, reloads after 500 ms.
 * Without JavaScript it is a plain link to the same page in the other language.
 */
import { LANGUAGE_SWITCH_DELAY_MS } from '../lib/constants.ts';
import { LANG_COOKIE, type Lang, swapLangPath } from '../lib/lang.ts';
import { setCookie } from './state/cookies.ts';
import { reactIsland } from './react-island.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

type Props = { to: Lang; href: string; text: string; label: string };

/** The current URL in the other language: the path prefix, or a lang= query parameter. */
function otherLanguageUrl(to: Lang): string {
  const url = new URL(location.href);
  const swapped = swapLangPath(url.pathname, to);
  if (swapped !== url.pathname) url.pathname = swapped;
  else url.searchParams.set('lang', to);
  return url.pathname + url.search + url.hash;
}

function LanguageToggle({ to, href, text, label }: Props) {
  return (
    <a
      className="lang-switch"
      href={href}
      hrefLang={to}
      onClick={(event) => {
        event.preventDefault();
        setCookie(LANG_COOKIE, to, ONE_YEAR_SECONDS);
        const target = otherLanguageUrl(to);
        setTimeout(() => location.assign(target), LANGUAGE_SWITCH_DELAY_MS);
      }}
    >
      {text}
      <span className="visually-hidden"> {label}</span>
    </a>
  );
}

export default reactIsland(LanguageToggle);
