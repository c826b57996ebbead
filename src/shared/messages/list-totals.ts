/**
 * The task lists' totals (issue 24). Our own text, not the specification's: the available list
 * counts at most 1,000 tasks past the page's start, and a total that reached the cap reads "1,000+".
 */
export const listTotalsMessages = {
  cappedTotal: '{total}+',
} as const;
