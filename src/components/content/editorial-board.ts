/**
 * What an /{lang}/editorial-board/{id}/{expertId?} URL shows. The id is the editorial menu
 * channel (docs/product-rules.md#menu-targets) whose topics are its boards, or else a topic id itself. Experts come
 * 10 a page from page 0 (docs/product-rules.md#editorial-boards); without an expert id the first one is selected.
 */
import type { ContentSource } from '../../content/source.ts';
import type { EditorialTopic, Expert, Paged } from '../../content/types.ts';
import { EXPERT_LIST_SIZE } from '../../lib/constants.ts';
import { pageCount } from '../../lib/pagination.ts';

const MAX_SCAN_PAGES = 50;

export type Board = {
  topics: EditorialTopic[];
  topic: EditorialTopic;
  experts: Paged<Expert>;
  selected: Expert | null;
  page: number;
};

export async function boardTopics(source: ContentSource, siteId: number, id: number): Promise<EditorialTopic[]> {
  const channel = await source.getChannelInfo(siteId, id);
  if (channel?.code === 'editorial') {
    const all = await source.listEditorialTopics(siteId);
    const own = all.filter((topic) => topic.channelId === channel.id);
    return own.length > 0 ? own : all;
  }
  const topic = await source.getEditorialTopic(siteId, id);
  return topic ? [topic] : [];
}

/** null when the topic, the page or the expert does not exist */
export async function loadBoard(
  source: ContentSource,
  siteId: number,
  id: number,
  wanted: { topicId: number | null; expertId: number | null; page: number },
): Promise<Board | null> {
  const topics = await boardTopics(source, siteId, id);
  if (topics.length === 0) return null;
  const candidates = wanted.topicId !== null ? topics.filter((topic) => topic.id === wanted.topicId) : topics;
  for (const topic of wanted.expertId === null ? candidates.slice(0, 1) : candidates) {
    const experts = await source.listExperts(siteId, topic.id, wanted.page - 1, EXPERT_LIST_SIZE);
    const pages = pageCount(experts.total, experts.size);
    if (wanted.page > pages) return null;
    if (wanted.expertId === null)
      return { topics, topic, experts, selected: experts.content[0] ?? null, page: wanted.page };
    const here = experts.content.find((expert) => expert.id === wanted.expertId);
    if (here) return { topics, topic, experts, selected: here, page: wanted.page };
    // A linked expert may sit on another page of its board: show that page.
    for (let page = 1; page <= Math.min(pages, MAX_SCAN_PAGES); page++) {
      if (page === wanted.page) continue;
      const other = await source.listExperts(siteId, topic.id, page - 1, EXPERT_LIST_SIZE);
      const found = other.content.find((expert) => expert.id === wanted.expertId);
      if (found) return { topics, topic, experts: other, selected: found, page };
    }
  }
  return null;
}
