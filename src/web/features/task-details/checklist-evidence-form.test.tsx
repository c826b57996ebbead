// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_UPLOAD } from '@shared/domain/video-upload';
import { messages } from '@shared/messages';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import type { VideoUploadDto } from '@shared/schemas/video-uploads.schemas';
import { renderRoute } from '@web/test/render-route';
import { ChecklistEvidenceForm } from './checklist-evidence-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const detailsText = messages.taskPages.details;
const PART = VIDEO_UPLOAD.partBytes;
const SIZE = PART + 1000;
const upload = (parts: number[], status: VideoUploadDto['status'] = 'open'): VideoUploadDto => ({
  id: 'up-1',
  task_id: 'task-1',
  item_id: 'cold-start',
  file_name: 'clip.mp4',
  size: SIZE,
  part_size: PART,
  part_count: 2,
  parts_received: parts,
  status,
  content_type: null,
  sha256: null,
  duration_seconds: null,
});

/** XHR requests wait here until the test answers them: parts, the completion, the submission. */
class FakeXhr {
  static pending: FakeXhr[] = [];
  static sent: Array<{ method: string; url: string }> = [];
  method = '';
  url = '';
  body: unknown;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push({ method: this.method, url: this.url });
    FakeXhr.pending.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body?: unknown) {
    FakeXhr.pending.splice(FakeXhr.pending.indexOf(this), 1);
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  drop() {
    FakeXhr.pending.splice(FakeXhr.pending.indexOf(this), 1);
    this.onerror?.();
  }
}

/** The next request sent, once it is there. */
async function next(method: string, url: string | RegExp) {
  let found: FakeXhr | undefined;
  await waitFor(() => {
    found = FakeXhr.pending.find((xhr) => xhr.method === method && (typeof url === 'string' ? xhr.url === url : url.test(xhr.url)));
    expect(found).toBeDefined();
  });
  return found!;
}

function serve() {
  let status = upload([]);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const part = /^GET \/api\/video-uploads\/up-1\/parts\/(\d)\/target$/.exec(key)?.[1];
    const body =
      key === 'POST /api/tasks/task-1/video-uploads'
        ? { upload: status }
        : key === 'GET /api/video-uploads/up-1'
          ? { upload: status }
          : part
            ? { target: { via: 'store', method: 'PUT', url: `https://bucket.test/k?partNumber=${part}`, headers: {}, expires_at: '2030-01-01T00:00:00Z' } }
            : null;
    return new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: 'x' } }), {
      status: body ? (key.startsWith('POST /api/tasks') ? 201 : 200) : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { fetchMock, setStatus: (next: VideoUploadDto) => (status = next) };
}

// jsdom cannot decode video, so no poster frame: without object URLs the client skips it at once.
const objectUrl = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { value: undefined, configurable: true });
});

afterEach(() => {
  if (objectUrl) Object.defineProperty(URL, 'createObjectURL', objectUrl);
  cleanup();
  vi.unstubAllGlobals();
  FakeXhr.pending = [];
  FakeXhr.sent = [];
});

const partPuts = () => FakeXhr.sent.filter((xhr) => xhr.method === 'PUT').map((xhr) => Number(new URL(xhr.url).searchParams.get('partNumber')));

describe('the checklist form uploads a video in parts', () => {
  it('shows progress within each part, retries a failed part, and resumes from the parts the store holds', async () => {
    const server = serve();
    renderRoute('/t', <ChecklistEvidenceForm taskId="task-1" checklist={[{ id: 'cold-start', label: 'Cold start', kind: 'video', required: true }]} />, '/t');
    const clip = new File([new Uint8Array(SIZE)], 'clip.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByLabelText('Cold start'), { target: { files: [clip] } });
    fireEvent.change(screen.getByLabelText(new RegExp(detailsText.completionNotes)), { target: { value: 'The engine started cold, no smoke at all.' } });
    fireEvent.click(screen.getByRole('button', { name: detailsText.submitEvidence }));

    // Part 1 goes straight to the store; the bar moves within the part.
    const first = await next('PUT', 'https://bucket.test/k?partNumber=1');
    expect(screen.getByLabelText('Cold start')).toBeDisabled();
    first.progress(PART / 2, PART);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading clip.mp4' });
    const half = Math.floor((PART / 2 / SIZE) * 100);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', String(half)));
    expect(screen.getByText(`Uploading clip.mp4: ${half}%`)).toBeInTheDocument();
    // The connection drops: the part is sent again, with a fresh target, and goes through.
    first.drop();
    (await next('PUT', 'https://bucket.test/k?partNumber=1')).respond(200);

    // Part 2 fails three times (a drop, an expired URL, a drop): the upload stops, and says so.
    (await next('PUT', 'https://bucket.test/k?partNumber=2')).drop();
    (await next('PUT', 'https://bucket.test/k?partNumber=2')).respond(403);
    (await next('PUT', 'https://bucket.test/k?partNumber=2')).drop();
    expect(await screen.findByRole('button', { name: evidenceTrustText.uploadRetry })).toBeEnabled();
    expect(screen.getByText(`The upload of clip.mp4 stopped at ${Math.floor((PART / SIZE) * 100)}%. Retry to resume it.`)).toBeInTheDocument();
    expect(partPuts()).toEqual([1, 1, 2, 2, 2]);
    const targets = server.fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/target')).length;
    expect(targets).toBe(5);

    // The retry resumes: the store holds part 1, so only part 2 travels, then completion and submission.
    server.setStatus(upload([1]));
    fireEvent.click(screen.getByRole('button', { name: evidenceTrustText.uploadRetry }));
    const resumed = await next('PUT', 'https://bucket.test/k?partNumber=2');
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Uploading clip.mp4' })).toHaveAttribute('aria-valuenow', String(Math.floor((PART / SIZE) * 100))));
    resumed.respond(200);
    (await next('POST', '/api/video-uploads/up-1/complete')).respond(200, { upload: upload([1, 2], 'complete') });
    const submission = await next('POST', '/api/tasks/task-1/evidence');
    expect((submission.body as FormData).get('item.cold-start')).toBe('upload:up-1');
    submission.respond(200, { message: 'ok' });
    expect(await screen.findByText('Uploaded clip.mp4')).toBeInTheDocument();
    expect(partPuts()).toEqual([1, 1, 2, 2, 2, 2]);
    expect(server.fetchMock.mock.calls.some(([url, init]) => url === '/api/tasks/task-1/video-uploads' && init?.method === 'POST')).toBe(true);
    expect(server.fetchMock.mock.calls.filter(([url, init]) => url === '/api/tasks/task-1/video-uploads' && init?.method === 'POST')).toHaveLength(1);
  });
});
