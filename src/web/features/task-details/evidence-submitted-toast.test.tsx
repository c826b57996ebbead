// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { renderRoute } from '@web/test/render-route';
import { ChecklistEvidenceForm } from './checklist-evidence-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const detailsText = messages.taskPages.details;

/** The submission (an XHR upload) answers 200 without a message, so the toast is the page's own text. */
class AnsweringXhr {
  static sent: string[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  url = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    AnsweringXhr.sent.push(this.url);
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({});
      this.onload?.();
    }, 0);
  }
}

/** The public settings say the admin set the review window to `hours`. */
function serveReviewWindow(hours: number) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).startsWith('/api/public-settings')
      ? new Response(JSON.stringify({ platform_fee_percent: 10, maintenance_mode: false, review_window_hours: hours }), {
          headers: { 'content-type': 'application/json' },
        })
      : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
  AnsweringXhr.sent = [];
});

describe('the expert\'s "Evidence submitted" toast states the review window in force', () => {
  it.each([
    [48, 'within 48 hours'],
    [1, 'within 1 hour'],
  ])('reads review_window_hours = %i from the public settings', async (hours, wording) => {
    const fetchMock = serveReviewWindow(hours);
    renderRoute('/t', <ChecklistEvidenceForm taskId="task-1" checklist={[{ id: 'front', label: 'Front', kind: 'photo', required: true }]} />, '/t');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/public-settings'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));

    const photo = new File(['x'], 'front.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Front'), { target: { files: [photo] } });
    fireEvent.change(screen.getByLabelText(new RegExp(detailsText.completionNotes)), { target: { value: 'The front of the house is in good shape.' } });
    fireEvent.click(screen.getByRole('button', { name: detailsText.submitEvidence }));

    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(AnsweringXhr.sent).toEqual(['/api/tasks/task-1/evidence']);
    const [text] = vi.mocked(toast.success).mock.calls[0]!;
    expect(text).toBe(`Evidence submitted! The client has been asked to review it ${wording}.`);
    expect(text).not.toContain('24 hours');
  });
});
