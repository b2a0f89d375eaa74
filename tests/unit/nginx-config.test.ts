/**
 * The generated nginx block for several Node servers: each server is taken out after failures,
 * a GET is retried on another server (a bounded number of times), a write never is; Debian's
 * nginx accepts the block (`nginx -t`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from '../../src/server/build/nginx-config.ts';

const NGINX = '/usr/sbin/nginx';

const config = nginxConfig({
  listen: '127.0.0.1:8080',
  upstreams: ['10.0.0.1:4321', '10.0.0.2:4321'],
  sitesDir: '/srv/portal/dist/sites',
  clientDir: '/srv/portal/dist/client',
  sites: [{ sld: 'jmst', hosts: ['jmst.localhost', 'www.jmst-demo.org'] }],
});

/** the directives of a block opened by `opening` (up to its closing brace) */
const block = (opening: string) => {
  const start = config.indexOf(opening);
  expect(start, opening).toBeGreaterThanOrEqual(0);
  return config.slice(start, config.indexOf('\n    }', start));
};

describe('the nginx block for several servers', () => {
  it('lists every server with a passive health check', () => {
    expect(config).toContain('    server 10.0.0.1:4321 max_fails=2 fail_timeout=10s;');
    expect(config).toContain('    server 10.0.0.2:4321 max_fails=2 fail_timeout=10s;');
  });

  it('retries a request that failed or got no answer on another server, a bounded number of times', () => {
    for (const location of ['location @node {', 'location ^~ /rc-pub/', 'location ^~ /_admin/', 'location = / {']) {
      const directives = block(location);
      expect(directives, location).toContain('proxy_next_upstream error timeout http_502 http_503;');
      expect(directives, location).toMatch(/proxy_next_upstream_tries [1-9];/);
      expect(directives, location).toMatch(/proxy_next_upstream_timeout \d+s;/);
      expect(directives, location).toMatch(/proxy_connect_timeout \d+s;/);
      expect(directives, location).toMatch(/proxy_read_timeout \d+[sm];/);
    }
  });

  it('never passes a write on to a second server', () => {
    // POST and PATCH: nginx retries them only when told to
    expect(config).not.toMatch(/proxy_next_upstream [^;]*non_idempotent/);
    // DELETE is idempotent to nginx: it goes to a location that never retries
    expect(config).toContain('if ($request_method = DELETE) { return 419; }');
    expect(config).toContain('error_page 419 = @node_once;');
    expect(block('location @node_once {')).toContain('proxy_next_upstream off;');
  });

  it.skipIf(!existsSync(NGINX))("is accepted by Debian's nginx", () => {
    const prefix = mkdtempSync(join(tmpdir(), 'nginx-t-'));
    try {
      writeFileSync(join(prefix, 'portal.conf'), config);
      writeFileSync(
        join(prefix, 'nginx.conf'),
        `pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  include ${prefix}/portal.conf;
}
`,
      );
      const checked = spawnSync(
        NGINX,
        ['-t', '-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(prefix, 'nginx.conf')],
        {
          encoding: 'utf8',
        },
      );
      expect(checked.status, checked.stderr).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
