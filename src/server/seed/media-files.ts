/** The demo's video and audio files: generated in code and stored as the site's files, served by files/get. */
import { DEMO_CLIP_SECONDS, demoAudio, demoVideo } from '../files/demo-media.ts';
import { insertFile } from '../store/bulk/files.ts';
import { fileUrl } from '../store/files.ts';
import { CREATED_AT, type SeedContext } from './context.ts';
import type { SiteSpec } from './site-data.ts';

export type DemoMediaFiles = { video: string; audio: string; seconds: number };

export async function addDemoMediaFiles(ctx: SeedContext, site: SiteSpec): Promise<DemoMediaFiles> {
  // each site keeps its own copy, so a closed site's media close with it
  const add = async (name: string, contentType: string, data: Uint8Array) =>
    fileUrl(await insertFile(ctx.trx, { siteId: site.id, name, contentType, data, createdAt: CREATED_AT })) ?? '';
  return {
    video: await add(`${site.sld}-video.webm`, 'video/webm', demoVideo()),
    audio: await add(`${site.sld}-audio.wav`, 'audio/wav', demoAudio()),
    seconds: DEMO_CLIP_SECONDS,
  };
}
