/**
 * Collect (favourite) on a resource page: shows whether the logged-in member has it and toggles it;
 * a visitor is sent to the login page. Being the page's one member-aware island, it also records
 * the view in the member's browsing history.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { apiPaths } from '../lib/api-paths.ts';
import type { CollectType } from '../lib/member-resources.ts';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';
import { $userName, watchLogin } from './state/login.ts';

type Props = {
  siteId: number;
  type: CollectType;
  id: number;
  loginHref: string;
  labels: { collect: string; collected: string };
};

function CollectButton({ siteId, type, id, loginHref, labels }: Props) {
  const userName = useStore($userName);
  const [collected, setCollected] = useState(false);

  useEffect(() => watchLogin(), []);
  useEffect(() => {
    if (!userName) return;
    const api = browserApi(siteId);
    api.get<{ collected: boolean }>(apiPaths.memberIsCollect, { query: { type, id } }).then(
      (answer) => setCollected(answer.collected),
      () => {},
    );
    api.post(apiPaths.memberAddHistory, { type, id }).catch(() => {});
  }, [userName, siteId, type, id]);

  async function toggle() {
    if (!userName) {
      location.assign(loginHref);
      return;
    }
    await browserApi(siteId).post(collected ? apiPaths.memberUnCollect : apiPaths.memberCollect, { type, id });
    setCollected(!collected);
  }

  return (
    <button
      type="button"
      className="collect-button"
      aria-pressed={collected}
      onClick={() => void toggle().catch(() => {})}
    >
      {collected ? labels.collected : labels.collect}
    </button>
  );
}

export default reactIsland(CollectButton);
