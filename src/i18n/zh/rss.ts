/** Texts of the RSS feeds (channel titles and descriptions). */
export const rss = {
  issueTitle: '{journal} {issue}',
  issueDescription: '{journal} {issue} 全部文章',
  latestTitle: '{journal} 最新文章',
  latestDescription: '{journal} 最新出版与网络首发文章',
  /** the channel's <language> (RFC 1766) */
  language: 'zh-CN',
};
