/**
 * What a screen reader user relies on to find their way (issue 25): exactly one main landmark,
 * exactly one h1, and headings that never skip a level going down (h1 then h3 with no h2 between).
 * Each returns the problems found, so that a test can expect `[]` and print what went wrong.
 * The end-to-end journeys check the same in the browser (tests/e2e/fixtures.ts).
 */
export function pageStructureProblems(root: ParentNode = document): string[] {
  const mains = root.querySelectorAll('main, [role="main"]').length;
  return [...(mains === 1 ? [] : [`${mains} main landmarks`]), ...headingOrderProblems(root)];
}

/** One h1 and no skipped level: for a whole page, or for an admin panel (whose h1 names the tab). */
export function headingOrderProblems(root: ParentNode = document): string[] {
  const problems: string[] = [];
  const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const h1s = headings.filter((heading) => heading.tagName === 'H1').length;
  if (h1s !== 1) problems.push(`${h1s} h1 headings`);
  let previous = 0;
  for (const heading of headings) {
    const level = Number(heading.tagName.slice(1));
    if (previous > 0 && level > previous + 1) {
      problems.push(`h${previous} then h${level} ("${heading.textContent?.trim() ?? ''}")`);
    }
    previous = level;
  }
  return problems;
}
