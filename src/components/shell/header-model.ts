/**
 * What the site header (Header.astro) shows, worked out from the site, its menu, the language and
 * the page: the template only renders these values.
 */
import type { SearchConfigEntry, SiteShell } from '../../content/types.ts';
import { dictionary } from '../../i18n/index.ts';
import type { NavEntry } from '../../islands/nav-types.ts';
import { type Lang, pathInLanguage, pick } from '../../lib/lang.ts';
import { visibleCustomButtons } from '../../lib/menu-filter.ts';
import { loginTarget } from '../../lib/menu-targets.ts';
import { isDistributedNav } from '../../lib/overflow.ts';
import { canonical, otherPages } from '../../lib/routes.ts';
import { searchModeFor, searchTypesFor } from '../../lib/search-rules.ts';
import { hasSpecialLayout, hasTallHeader } from '../../lib/special-sites.ts';
import { groupEntryHref } from './group-link.ts';
import { headerLogo, phoneLogo } from './logo.ts';
import { present } from './shell-text.ts';

export type HeaderInput = {
  lang: Lang;
  shell: SiteShell;
  entries: NavEntry[];
  kind: 'home' | 'detail' | 'page';
  /** the page's path, for the link to the same page in the other language */
  path: string;
  /** the path the visitor asked for: the advanced search page has no link to itself */
  requestPath: string;
  searchConfig: SearchConfigEntry[];
  /** the account pages hide the title nav (docs/product-rules.md#other-pages) */
  hideNav: boolean;
};

// the config's navigation background (hasNavBg) goes into a style attribute: one of our file paths or https, nothing that could end the url()
const SAFE_BACKGROUND = /^(\/|https:\/\/)[^"'()\s\\]*$/;

export function headerModel({ lang, shell, entries, kind, path, requestPath, searchConfig, hideNav }: HeaderInput) {
  const { site, header } = shell;
  const dict = dictionary(lang);
  const t = dict.shell;
  const navStyle = header.navStyle;
  const siteName = pick(lang, site.name, site.enName);
  const navBg = header.hasNavBg === 1 ? present(header.navBgUrl) : null;
  const ceiling = header.isCeiling === 1 && kind !== 'detail';
  const greeting = header.hasGreeting === 1 ? present(lang === 'en' ? header.enGreeting : header.greeting) : null;
  const buttons = visibleCustomButtons(header.configData.customButtonList, lang);
  const groups = header.groupEntrance === 1 ? shell.groupEntries.filter((g) => g.siteId !== site.id) : [];
  const loginAndRegister = header.hasLoginAndRegister === 1;
  const otherLang: Lang = lang === 'zh' ? 'en' : 'zh';
  const searchTypes = searchTypesFor(searchConfig, site.sld, header.resourceType);
  const classes = [
    'site-header',
    `nav-style-${navStyle}`,
    hasSpecialLayout(site.sld) && 'special-layout',
    hasTallHeader(site.sld) && 'tall-header',
    ceiling && 'has-ceiling',
  ]
    .filter(Boolean)
    .join(' ');
  const login = loginTarget(lang, site);
  // the menus' HTML depends on nothing but the entries (links, current item) and the language
  const menuKey = `menu ${lang} ${JSON.stringify(entries)}`;
  return {
    t,
    classes,
    ceiling,
    siteName,
    home: canonical.home(lang),
    logo: headerLogo(header, site, lang, false),
    fixedLogo: headerLogo(header, site, lang, true),
    logoOnPhones: phoneLogo(header, site, lang),
    // the header background is a banner carrying the title: navStyle 5 (tall banner header) shows it above the bar
    banner: navStyle === 5 ? present(header.backgroundUrl) : null,
    navBackground: navBg && SAFE_BACKGROUND.test(navBg) ? `background: url('${navBg}') center / cover` : undefined,
    greeting,
    buttons,
    groups: groups.map((g) => ({
      href: groupEntryHref(g.sld, lang),
      name: pick(lang, g.publicationName, g.enPublicationName),
    })),
    groupsLabel: site.type === 'group' ? t.groupEntrance : t.parentGroup,
    hasTopbarPanel: greeting !== null || buttons.length > 0 || groups.length > 0 || loginAndRegister,
    /** the login state's links and labels, when the header shows login and register */
    loginState: loginAndRegister
      ? {
          loginHref: login.href,
          loginNewTab: login.newTab,
          registerHref: otherPages.register(lang),
          personalHref: otherPages.personal(),
          logoutHref: otherPages.login(lang),
          labels: {
            login: t.login,
            register: t.register,
            personalCentre: t.personalCentre,
            logout: t.logout,
            loggedOut: dict.api.logoutSuccess,
            userMenu: t.userMenu,
            opensInNewTab: t.opensInNewTab,
          },
          bookCloud: dict.account.bookCloud,
        }
      : null,
    languageSwitch:
      header.switchLanguage === 1
        ? {
            to: otherLang,
            href: pathInLanguage(path, otherLang),
            text: otherLang === 'en' ? t.switchToEn : t.switchToZh,
            label: t.switchLanguageLabel,
          }
        : null,
    search:
      header.resourceSearch === 1 && searchTypes.length > 0
        ? {
            mode: searchModeFor(site),
            types: searchTypes,
            expanded: header.searchBox !== 0,
            advancedHref:
              header.advSearch === 1 && !/^\/seniorSearch\/?$/.test(requestPath) ? otherPages.seniorSearch(lang) : null,
            labels: { ...t.search, requireKeyword: dict.common.requireKeyword },
          }
        : null,
    /** navStyle 6 puts the menu in rows inside the header's main bar */
    navInHeader: navStyle === 6 && !hideNav,
    /** every other style but 3 (the side slider only) puts it in a bar below */
    navBelow: navStyle !== 3 && navStyle !== 6 && !hideNav,
    distributed: isDistributedNav(navStyle, header.navDistribution),
    menuKey,
    sideMenuLabels: { openMenu: t.openMenu, closeMenu: t.closeMenu, sideMenu: t.sideMenu },
  };
}
