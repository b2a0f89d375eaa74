/**
 * The e2e harness itself: a portal started after the built app was loaded in the same process (which
 * sets NODE_ENV to production for React) is configured as a test's portal, codes to the outbox.
 */
import { expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { startPortal } from './harness.ts';

it('a portal started after a page was rendered still sends codes to the outbox', async () => {
  const first = await startPortal({ articles: 20 });
  expect((await first.request('jmst', '/zh/home/')).status).toBe(200);
  await first.close();
  const second = await startPortal({ articles: 20 });
  try {
    const answer = await second.request('jmst', apiPaths.sendReceiverMessage, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: '13900001111', purpose: 'register' }),
    });
    expect(JSON.parse(answer.body)).toMatchObject({ status: 0 });
  } finally {
    await second.close();
  }
});
