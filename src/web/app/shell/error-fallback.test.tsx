// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { shellMessages } from '@shared/messages/shell';
import { ErrorBoundary } from './error-fallback';

function Broken({ broken }: { broken: boolean }): React.ReactElement {
  if (broken) throw new Error('The page failed');
  return <p>page content</p>;
}

describe('ErrorBoundary', () => {
  it('shows the full-page fallback for a render error, and recovers when the page (reset key) changes', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(
      <ErrorBoundary resetKey="/task/1">
        <Broken broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: shellMessages.somethingWentWrong })).toBeInTheDocument();
    expect(screen.getByText('The page failed')).toBeInTheDocument();
    // Same page: the fallback stays even though the child would now render.
    view.rerender(
      <ErrorBoundary resetKey="/task/1">
        <Broken broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    view.rerender(
      <ErrorBoundary resetKey="/dashboard">
        <Broken broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('page content')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
