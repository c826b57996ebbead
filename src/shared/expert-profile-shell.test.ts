import { describe, expect, it } from 'vitest';
import { EXPERT_DISPLAY } from './constants';
import { expertProfileShellHtml } from './expert-profile-shell';
import { withPageShell } from './landing-shell';
import { messages } from './messages';

const expert = {
  first_name: 'Ana',
  last_name: 'Ruiz',
  location: 'Denver, CO',
  bio: 'Vehicle inspections.',
  expertise: ['Used cars', 'Test drive & videos'],
  member_since: '2026-03-14T10:00:00.000Z',
  completed_tasks: 1,
};

describe('expertProfileShellHtml', () => {
  it('shows the brand, the name, the place and the bio as the About tab does', () => {
    const html = expertProfileShellHtml(expert, 'Local Experts');
    for (const text of [
      'Local Experts',
      'Expert Profile',
      'Ana Ruiz',
      'Denver, CO',
      'About',
      'Vehicle inspections.',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('cuts a long bio where the page does, and says so when there is none', () => {
    const long = 'x'.repeat(EXPERT_DISPLAY.bioShowMoreAbove + 40);
    const html = expertProfileShellHtml({ ...expert, bio: long }, 'B');
    expect(html).toContain(`${'x'.repeat(EXPERT_DISPLAY.bioShowMoreAbove)}…<`);
    expect(html).not.toContain('x'.repeat(EXPERT_DISPLAY.bioShowMoreAbove + 1));
    expect(expertProfileShellHtml({ ...expert, bio: '' }, 'B')).toContain(messages.expert.noBio);
  });

  it('leaves the place out when there is none, and names a nameless expert as the page does', () => {
    const html = expertProfileShellHtml(
      { ...expert, first_name: null, last_name: null, location: null },
      'B',
    );
    expect(html).toContain(messages.expert.fallbackName);
    expect(html).not.toContain('Denver');
  });
});

describe('withPageShell', () => {
  it('replaces the marked block and keeps the rest; without markers the document is unchanged', () => {
    const doc =
      '<body><!--static-shell--><div id="landing-shell"></div><script>x</script><!--/static-shell--><div id="root"></div></body>';
    expect(withPageShell(doc, '<p>Ana</p>')).toBe(
      '<body><div id="page-shell" aria-hidden="true"><p>Ana</p></div><style>#page-shell~#root{display:none}</style><div id="root"></div></body>',
    );
    expect(withPageShell('<body><div id="root"></div></body>', '<p>Ana</p>')).toBe(
      '<body><div id="root"></div></body>',
    );
  });
});
