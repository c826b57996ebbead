import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./lazy-toast', () => ({ lazyToast: { error: vi.fn(async () => undefined) } }));

import { lazyToast } from './lazy-toast';
import { loadFormSchemas } from './load-form-schemas';

describe('loadFormSchemas (decision 0407)', () => {
  beforeEach(() => vi.mocked(lazyToast.error).mockClear());

  it('gives the forms the same checks and messages as the server', async () => {
    const schemas = await loadFormSchemas();
    expect(schemas).not.toBeNull();
    const empty = schemas!.createReviewSchema.safeParse({ rating: 0, comment: '' });
    expect(empty.success).toBe(false);
    const valid = schemas!.applicationFormSchema.safeParse({ proposed_rate: '95.50', notes: 'I live two streets away.' });
    expect(valid.success).toBe(true);
    expect(lazyToast.error).not.toHaveBeenCalled();
  });

  it('tells the user to check the connection and answers null when the script cannot be fetched', async () => {
    const schemas = await loadFormSchemas(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(schemas).toBeNull();
    expect(lazyToast.error).toHaveBeenCalledWith('Please check your internet connection and try again.');
  });
});
