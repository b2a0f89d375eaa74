/**
 * `npm run nginx-config [-- --listen 80 --upstream 127.0.0.1:4321,127.0.0.1:4322 --out file]`
 * writes the nginx block that serves prebuilt sites directly and proxies the rest to Node.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { nginxConfig } from '../src/server/build/nginx-config.ts';
import { loadConfig } from '../src/server/config.ts';
import { siteDomain } from '../src/server/host.ts';
import { openDb } from '../src/server/store/db.ts';
import { activeSiteDomains } from '../src/server/store/sites.ts';
import { setUsage } from './cli.ts';

setUsage('usage: npm run nginx-config -- [--listen 80] [--upstream host:port,host:port] [--out file]');
const { values } = parseArgs({
  options: { listen: { type: 'string' }, upstream: { type: 'string' }, out: { type: 'string' } },
});
const config = loadConfig();
const args = z
  .object({
    listen: z
      .string()
      .regex(/^([\d.]+:)?\d+$/)
      .default('80'),
    upstream: z
      .string()
      .regex(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/)
      .default(`127.0.0.1:${config.port}`),
    out: z.string().default(join(config.astroOutDir, 'nginx', 'portal.conf')),
  })
  .parse(values);

const db = openDb(config.databasePath);
const sites = (await activeSiteDomains(db)).map((row) => {
  const sld = row.sld;
  // as Node matches it: trimmed, lower-case, a host name
  const domain = row.domain === null ? null : siteDomain(row.domain);
  return { sld, hosts: [`${sld}.localhost`, `${sld}.${config.baseDomain}`, ...(domain ? [domain] : [])] };
});
db.close();

const text = nginxConfig({
  listen: args.listen,
  upstreams: args.upstream.split(','),
  sitesDir: resolve(config.sitesDir),
  clientDir: resolve(config.astroOutDir, 'client'),
  sites,
});
if (args.out === '-') process.stdout.write(text);
else {
  mkdirSync(dirname(args.out), { recursive: true });
  writeFileSync(args.out, text);
  console.log(
    `wrote ${args.out} (${sites.length} sites, upstream ${args.upstream}); include it in nginx's http { } block`,
  );
}
