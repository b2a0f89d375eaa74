/**
 * The third-party accounts a member may log in with (OAUTH_PROVIDERS), as plain links to the login
 * redirect. With none configured it shows nothing, or says so where the page is about them.
 */
import { useEffect, useState } from 'react';
import { apiPaths } from '../lib/api-paths.ts';
import type { Lang } from '../lib/lang.ts';
import { withQuery } from '../lib/routes.ts';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';

type Provider = { name: string; label: string };
type Props = {
  siteId: number;
  lang: Lang;
  labels: { thirdLoginWith: string; bindingNone: string };
  sayWhenNone: boolean;
};

function ThirdPartyLogins({ siteId, lang, labels, sayWhenNone }: Props) {
  const [providers, setProviders] = useState<Provider[] | null>(null);
  useEffect(() => {
    // quiet: another rc-pub server (upstream mode) may not offer the call; then there are none
    browserApi(siteId)
      .get<Provider[]>(apiPaths.thirdLoginProviders, { quiet: true })
      .then(setProviders, () => setProviders([]));
  }, [siteId]);
  if (!providers) return null;
  if (providers.length === 0) return sayWhenNone ? <p>{labels.bindingNone}</p> : null;
  return (
    <p className="third-logins">
      <span>{labels.thirdLoginWith}</span>
      {providers.map((provider) => (
        <a key={provider.name} href={withQuery(apiPaths.thirdLoginUrl, { provider: provider.name, lang })}>
          {provider.label}
        </a>
      ))}
    </p>
  );
}

export default reactIsland(ThirdPartyLogins);
