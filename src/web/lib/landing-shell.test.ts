// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaticShell } from './landing-shell';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('removeStaticShell', () => {
  it("removes the landing hero and a page's own shell, and leaves the React root", () => {
    document.body.innerHTML =
      '<div id="landing-shell"><h1>Hero</h1></div><div id="page-shell"><p>Ana Ruiz</p></div><div id="root"><p>app</p></div>';
    removeStaticShell();
    expect(document.getElementById('landing-shell')).toBeNull();
    expect(document.getElementById('page-shell')).toBeNull();
    expect(document.getElementById('root')?.textContent).toBe('app');
  });

  it('does nothing when there is no shell (an in-app navigation)', () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div>';
    expect(() => removeStaticShell()).not.toThrow();
    expect(document.body.innerHTML).toBe('<div id="root"><p>app</p></div>');
  });
});
