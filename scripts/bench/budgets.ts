/** The quality budgets that `npm run quality` reports and the e2e tests check on samples. */

/** JavaScript a page loads on a first visit, gzip, islands and the React runtime together. */
export const JS_BUDGET_BYTES = 110 * 1024;
export const JS_BUDGET_LABEL = `${JS_BUDGET_BYTES / 1024} KB`;
