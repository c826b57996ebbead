// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from 'sonner';
import type { ChatThreadDto } from '@shared/schemas/chat.schemas';
import { TaskChat } from './task-chat';

const TASK = '11111111-1111-4111-8111-111111111111';
const ME = 'me';

const thread = (overrides: Partial<ChatThreadDto> = {}): ChatThreadDto => ({
  task: { id: TASK, title: 'T', status: 'in_progress', client_id: ME, expert_id: 'them' },
  messages: [
    {
      id: 'm1',
      task_id: TASK,
      sender_id: 'them',
      receiver_id: ME,
      content: '<img src=x onerror=alert(1)> see https://example.com/x',
      is_file: false,
      attachment_url: null,
      attachment_type: null,
      read: true,
      created_at: new Date().toISOString(),
      sender: { first_name: 'Sam', avatar_url: null },
    },
  ],
  has_earlier: false,
  can_send: true,
  read_only_reason: null,
  ...overrides,
});

let posts: Array<{ url: string; body: unknown }>;
let failSend: boolean;

beforeEach(() => {
  posts = [];
  failSend = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: init.body });
        if (failSend) return new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 });
        return new Response(JSON.stringify({ message: {} }), { status: 201, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify(thread()), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderChat() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TaskChat taskId={TASK} meId={ME} />
      <Toaster />
    </QueryClientProvider>,
  );
  return screen.findByRole('textbox', { name: 'Message' });
}

describe('TaskChat', () => {
  it('renders text as text and makes only http(s) links clickable', async () => {
    await renderChat();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://example.com/x' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('sends on Enter, not on Shift+Enter, and never an empty message', async () => {
    const box = await renderChat();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'line one' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(posts).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(JSON.parse(String(posts[0].body))).toEqual({ content: 'line one' });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps what was typed and says so when sending fails', async () => {
    failSend = true;
    const box = await renderChat();
    fireEvent.change(box, { target: { value: 'important' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(box).toHaveValue('important');
  });

  it('refuses a file over 5 MB before uploading it', async () => {
    await renderChat();
    const input = screen.getByTestId('chat-file-input');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File size exceeds 5MB limit')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('shows the reason instead of the composer when the chat is read-only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(thread({ can_send: false, read_only_reason: 'closed!' })), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <TaskChat taskId={TASK} meId={ME} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('closed!')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});

describe('TaskChat in pages', () => {
  it('loads earlier messages above the ones shown on request, until the first', async () => {
    const gets: string[] = [];
    const older = { ...thread().messages[0]!, id: 'm0', content: 'the older one' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        gets.push(url);
        const body = url.includes('before=m1') ? thread({ messages: [older], has_earlier: false }) : thread({ has_earlier: true });
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    await renderChat();
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(screen.queryByText('the older one')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(await screen.findByText('the older one')).toBeInTheDocument();
    expect(gets.at(-1)).toBe(`/api/tasks/${TASK}/messages?before=m1`);
    const items = [...list.querySelectorAll('li')].map((item) => item.textContent ?? '');
    expect(items[0]).toContain('the older one');
    expect(items[1]).toContain('see https://example.com/x');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull());
    expect(list).toHaveFocus();
  });

  it('shows no button when the chat has nothing earlier', async () => {
    await renderChat();
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });
});
