// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRAND_NAME } from '@shared/brand';
import { useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  it('names the tab once the page knows the name, and follows it when it changes', () => {
    document.title = 'Task details · route';
    const { rerender } = renderHook(({ name }: { name?: string }) => useDocumentTitle(name), {
      initialProps: { name: undefined as string | undefined },
    });
    // Not known yet: the route's title stays.
    expect(document.title).toBe('Task details · route');
    rerender({ name: 'Inspect the <b>boat</b>' });
    expect(document.title).toBe(`Inspect the <b>boat</b> · ${BRAND_NAME}`);
    rerender({ name: 'Walk through the loft' });
    expect(document.title).toBe(`Walk through the loft · ${BRAND_NAME}`);
  });
});
