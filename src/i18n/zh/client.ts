/** Messages the islands' shared client and page scripts show in the browser (kept small: every page ships both languages). */
export const client = {
  getDataErrorMessage: '数据获取失败',
  offline: '网络已断开，请检查网络连接',
  online: '网络已恢复',
  loading: '加载中',
  notifications: '通知',
  dismiss: '关闭提示',
};
