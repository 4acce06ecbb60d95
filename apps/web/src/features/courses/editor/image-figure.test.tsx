import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderEditor } from '../../../test/render-editor.tsx';

const IMAGE = { src: '/api/files/image/2026/11/diagram.png', alt: '示意图' };

async function openImage(attrs: Record<string, unknown> = {}, editable = true) {
  const editor = renderEditor(
    { type: 'doc', content: [{ type: 'image', attrs: { ...IMAGE, ...attrs } }, { type: 'paragraph' }] },
    editable,
  );
  await screen.findByRole('img', { name: '示意图' });
  const e = editor();
  return { editor: e, attrs: () => e.getJSON().content?.[0]?.attrs };
}

describe('an image in the editor', () => {
  it('takes a caption typed under it into the node, and an emptied caption out of it', async () => {
    const { attrs } = await openImage();
    const caption = screen.getByRole('textbox', { name: '图片说明' });
    fireEvent.change(caption, { target: { value: '图 1：变量和值' } });
    expect(attrs()).toMatchObject({ ...IMAGE, caption: '图 1：变量和值' });
    await waitFor(() => expect(caption).toHaveProperty('value', '图 1：变量和值'));
    fireEvent.change(caption, { target: { value: '' } });
    expect(attrs()?.caption).toBeNull();
  });

  it('is resized from the keyboard on its handle: arrows step, Home is smallest, End full size', async () => {
    const { attrs } = await openImage({ width: 300 });
    const handle = screen.getByRole('slider', { name: /图片宽度/ });
    expect(handle.getAttribute('aria-valuenow')).toBe('300');
    expect(screen.getByRole('img', { name: '示意图' }).parentElement?.style.width).toBe('300px');
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(attrs()?.width).toBe(48);
    fireEvent.keyDown(handle, { key: 'End' });
    expect(attrs()?.width).toBeNull();
    await waitFor(() => expect(handle.getAttribute('aria-valuetext')).toBe('原始大小'));
  });

  it('is resized by dragging its corner, saved once when the drag ends', async () => {
    const { editor, attrs } = await openImage({ width: 400 });
    const frame = screen.getByRole('img', { name: '示意图' }).parentElement!;
    // jsdom lays nothing out: the frame is as wide as its style, the column 800 pixels.
    frame.getBoundingClientRect = () => ({ width: 400 }) as DOMRect;
    Object.defineProperty(frame.parentElement!, 'clientWidth', { value: 800 });
    const updates: number[] = [];
    editor.on('update', () => updates.push(Date.now()));
    const handle = screen.getByRole('slider', { name: /图片宽度/ });
    handle.setPointerCapture = () => undefined;
    fireEvent.pointerDown(handle, { button: 0, clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 350, pointerId: 1 });
    expect(frame.style.width).toBe('250px');
    expect(updates).toHaveLength(0);
    fireEvent.pointerUp(handle, { clientX: 350, pointerId: 1 });
    expect(attrs()?.width).toBe(250);
    expect(updates).toHaveLength(1);
    // Never wider than the column, never narrower than the least width.
    fireEvent.pointerDown(handle, { button: 0, clientX: 0, pointerId: 2 });
    fireEvent.pointerMove(handle, { clientX: 5000, pointerId: 2 });
    fireEvent.pointerUp(handle, { pointerId: 2 });
    expect(attrs()?.width).toBe(800);
  });

  it('keeps width and caption in the same JSON the readers render, and shows a read-only caption', async () => {
    const { editor } = await openImage({ width: 320, caption: '说明' }, false);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('textbox', { name: '图片说明' })).toBeNull();
    expect(screen.getByText('说明').tagName).toBe('FIGCAPTION');
    expect(editor.getJSON().content?.[0]).toEqual({
      type: 'image',
      attrs: { ...IMAGE, title: null, width: 320, caption: '说明' },
    });
  });
});
