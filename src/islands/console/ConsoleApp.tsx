/**
 * The editors' console: the login form until a staff session exists, then the sites the staff
 * member may manage, then one site's sections. What a caller may see is decided by the admin API;
 * this only shows it.
 */
import { useCallback, useEffect, useState } from 'react';
import { format } from '../../i18n/format.ts';
import { reactIsland } from '../react-island.ts';
import { AuditLog } from './AuditLog.tsx';
import { Accounts } from './accounts/Accounts.tsx';
import { ChangePassword } from './accounts/ChangePassword.tsx';
import { consoleCall } from './console-api.ts';
import { LoginForm } from './LoginForm.tsx';
import type { MenuEditorTexts } from './menus/types.ts';
import { SiteView } from './SiteView.tsx';
import type { ConsoleProps, Me, SiteEntry } from './types.ts';

type State = { phase: 'loading' } | { phase: 'login' } | { phase: 'in'; me: Me; sites: SiteEntry[] };

function ConsoleAppView({ lang, texts, menuTexts }: ConsoleProps & { menuTexts: MenuEditorTexts }) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [site, setSite] = useState<SiteEntry | null>(null);
  const load = useCallback(async () => {
    const me = await consoleCall<{ principal: Me }>(lang, '/_admin/me');
    if (!me.ok) {
      setState({ phase: 'login' });
      return;
    }
    const sites = await consoleCall<{ sites: SiteEntry[] }>(lang, '/_admin/sites');
    setState({ phase: 'in', me: me.data.principal, sites: sites.ok ? sites.data.sites : [] });
  }, [lang]);
  useEffect(() => {
    void load();
  }, [load]);
  const logout = async () => {
    await consoleCall(lang, '/_admin/logout', { method: 'POST' });
    setSite(null);
    setState({ phase: 'login' });
  };
  if (state.phase === 'loading') {
    return (
      <main className="console-main">
        <p>{texts.loading}</p>
      </main>
    );
  }
  if (state.phase === 'login') {
    return (
      <main className="console-main">
        <LoginForm lang={lang} texts={texts} onLoggedIn={() => void load()} />
      </main>
    );
  }
  const { me, sites } = state;
  if (me.kind === 'staff' && me.mustChangePassword) {
    return (
      <main className="console-main">
        <ChangePassword lang={lang} onChanged={() => void load()} />
      </main>
    );
  }
  return (
    <>
      <div className="console-user">
        {me.kind === 'staff' ? (
          <span>
            {format(texts.signedInAs, { email: me.email })} · {me.role === 'admin' ? texts.roleAdmin : texts.roleEditor}
          </span>
        ) : null}
        <button type="button" onClick={logout}>
          {texts.logout}
        </button>
      </div>
      <main className="console-main">
        {site ? (
          <SiteView lang={lang} texts={texts} menuTexts={menuTexts} site={site} onBack={() => setSite(null)} />
        ) : (
          <section aria-labelledby="console-sites-heading">
            <h1 id="console-sites-heading">{texts.sitesHeading}</h1>
            {sites.length === 0 ? (
              <p>{texts.noSites}</p>
            ) : (
              <ul className="console-sites">
                {sites.map((entry) => (
                  <li key={entry.sld}>
                    <button type="button" className="console-link" onClick={() => setSite(entry)}>
                      {lang === 'zh' ? entry.name : entry.enName || entry.name}
                    </button>{' '}
                    <span className="console-sld">{entry.sld}</span>
                  </li>
                ))}
              </ul>
            )}
            {me.kind === 'staff' && me.role === 'admin' ? (
              <>
                <Accounts lang={lang} texts={texts} sites={sites} />
                <AuditLog lang={lang} texts={texts} sld={null} />
              </>
            ) : null}
          </section>
        )}
      </main>
    </>
  );
}

export default reactIsland(ConsoleAppView);
