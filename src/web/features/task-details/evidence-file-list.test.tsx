// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import { renderRoute } from '@web/test/render-route';
import { ChecklistEvidenceForm } from './checklist-evidence-form';
import { screenItemFiles } from './evidence-file-list';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const CHECKLIST = [
  { id: 'front', label: 'Front door', kind: 'photo' as const, required: true },
  { id: 'walk', label: 'Walk-through', kind: 'video' as const, required: false },
];
const photo = (name = 'door.jpg') => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });
const clip = (name = 'walk.mp4') => new File([new Uint8Array(10)], name, { type: 'video/mp4' });

const objectUrl = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
const revokeUrl = Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL');
beforeEach(() => {
  let made = 0;
  Object.defineProperty(URL, 'createObjectURL', { value: () => `blob:preview-${(made += 1)}`, configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
});
afterEach(() => {
  if (objectUrl) Object.defineProperty(URL, 'createObjectURL', objectUrl);
  else Reflect.deleteProperty(URL, 'createObjectURL');
  if (revokeUrl) Object.defineProperty(URL, 'revokeObjectURL', revokeUrl);
  cleanup();
});

const renderForm = () =>
  renderRoute('/t', <ChecklistEvidenceForm taskId="task-1" checklist={CHECKLIST} />, '/t');
const item = (id: string) => screen.getByTestId(`checklist-item-${id}`);
const choose = (label: string, files: File[]) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { files } });

describe("the expert's evidence inputs (issue 52)", () => {
  it('shows a thumbnail of each chosen file', () => {
    renderForm();
    choose('Front door', [photo('door.jpg'), photo('lock.jpg')]);
    const list = within(item('front')).getByRole('list', { name: 'Chosen for Front door' });
    const thumbs = within(list).getAllByTestId('file-thumbnail');
    expect(thumbs).toHaveLength(2);
    expect(thumbs[0]!.tagName).toBe('IMG');
    expect(thumbs[0]).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(within(item('front')).getByText('2 files chosen')).toBeInTheDocument();
    choose('Walk-through', [clip()]);
    expect(within(item('walk')).getByTestId('file-thumbnail').tagName).toBe('VIDEO');
    expect(within(item('walk')).getByText('1 file chosen')).toBeInTheDocument();
  });

  it('refuses a photo in a video slot, and a video in a photo slot, with a message naming the file', () => {
    renderForm();
    choose('Walk-through', [photo('door.jpg')]);
    expect(within(item('walk')).getByRole('alert')).toHaveTextContent('door.jpg is a photo. Walk-through asks for a video.');
    expect(within(item('walk')).queryByTestId('file-thumbnail')).toBeNull();
    expect(within(item('walk')).getByText(evidenceTrustText.itemNoFiles)).toBeInTheDocument();
    choose('Front door', [clip('walk.mp4')]);
    expect(within(item('front')).getByRole('alert')).toHaveTextContent('walk.mp4 is a video. Front door asks for a photo.');
  });

  it('removes a chosen file before submit, and the removed file no longer counts', async () => {
    renderForm();
    choose('Front door', [photo('door.jpg')]);
    fireEvent.click(within(item('front')).getByRole('button', { name: 'Remove door.jpg' }));
    expect(within(item('front')).queryByTestId('file-thumbnail')).toBeNull();
    expect(within(item('front')).getByText(evidenceTrustText.itemNoFiles)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Evidence' }));
    expect(await screen.findByText('Please add evidence for: Front door')).toBeInTheDocument();
  });

  it('keeps the files chosen earlier when more are chosen', () => {
    renderForm();
    choose('Front door', [photo('door.jpg')]);
    choose('Front door', [photo('lock.jpg')]);
    expect(within(item('front')).getAllByTestId('file-thumbnail')).toHaveLength(2);
  });
});

describe('screenItemFiles', () => {
  it('takes MP4, MOV and WebM in a video slot and refuses other videos by the spec text', () => {
    const mkv = new File([new Uint8Array(1)], 'a.mkv', { type: 'video/x-matroska' });
    const result = screenItemFiles({ kind: 'video', label: 'Clip' }, [clip(), mkv]);
    expect(result.accepted.map((file) => file.name)).toEqual(['walk.mp4']);
    expect(result.errors).toEqual(['File a.mkv is not a supported video. Please upload MP4, MOV or WebM.']);
  });
});
