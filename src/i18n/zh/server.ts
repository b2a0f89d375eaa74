/** Texts the Node server writes itself (outside Astro pages). */
export const server = {
  unknownSiteTitle: '找不到该网站',
  unknownSiteMessage: '此地址没有对应的网站。请检查网址是否正确。',
  adminUnauthorized: '需要有效的管理令牌。',
  adminSiteNotFound: '找不到网站 {sld}。',
  adminSiteClosed: '网站 {sld} 已关闭（{status}），关闭的网站不生成页面。',
  adminChannelNotFound: '找不到栏目 {id}。',
  adminBadRequest: '请求内容无效。',
  rebuildStarted: '网站 {sld} 正在重新生成。',
  rebuildQueued: '网站 {sld} 已在生成中，将在完成后再生成一次。',
};
