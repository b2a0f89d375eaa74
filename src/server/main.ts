/** `node src/server/main.ts` (npm run serve): serves the portal configured by the environment. */
import { openContent } from './build/open-content.ts';
import { loadConfig } from './config.ts';
import { serve, stopOnSignals } from './process.ts';

if (import.meta.main) {
  const config = loadConfig();
  const running = await serve(config, await openContent(config));
  stopOnSignals(running);
  const processes = config.workers > 1 ? ` with ${config.workers} HTTP workers` : '';
  console.log(
    `portal listening on http://${config.host}:${running.port}/${processes} (sites at http://{sld}.localhost:${running.port}/zh/home/)`,
  );
}
