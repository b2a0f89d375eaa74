/** Texts of the RSS feeds (channel titles and descriptions). */
export const rss = {
  issueTitle: '{journal} {issue}',
  issueDescription: '{journal} {issue} 全部文章',
  onlineFirstTitle: '{journal} 网络首发',
  onlineFirstDescription: '{journal} 最新网络首发文章',
  newsTitle: '{site}：{column}',
  newsDescription: '{site} {column}栏目的最新消息',
  newsColumn: '新闻',
  latestTitle: '{journal} 最新文章',
  latestDescription: '{journal} 最新出版与网络首发文章',
  /** the channel's <language> (RFC 1766) */
  language: 'zh-CN',
};
