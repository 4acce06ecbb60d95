/**
 * Pictures pasted or dropped into the lesson editor (a screenshot, several files, a copied page with
 * `data:` images) are uploaded like the toolbar's 插入图片 (lib/upload.ts, the image route) and land
 * where the caret or the drop point was, shown meanwhile as a placeholder with the percentage.
 */
import { Extension, type Editor } from '@tiptap/core';
import { FileHandlePlugin } from '@tiptap/extension-file-handler';
import { LIMITS } from '@studio/contract/constants';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { i18n } from '../../../../lib/i18n/index.ts';
import { checkImage, uploadFile } from '../../../../lib/upload.ts';
import { readCaretNow } from '../collab/caret-before-remote.ts';
import { insertImageAt } from '../image-insert.ts';
import { clipboardImages, type ClipboardImages } from './clipboard-images.ts';
import {
  addPlaceholder,
  labelPlaceholder,
  movePlaceholderTo,
  placeholderPos,
  removePlaceholder,
  uploadPlaceholderPlugin,
} from './upload-placeholders.ts';

/** How the editor's page tells the writer what went wrong (antd's message there; a fake in tests). */
export interface ImageNotices {
  error(text: string): void;
  warning(text: string): void;
}

const quiet: ImageNotices = { error: () => undefined, warning: () => undefined };
const MB = 1024 * 1024;

const altOf = (file: File) => file.name.replace(/\.[^.]+$/, '').slice(0, 200);

/**
 * Checks each file (type, the server's UPLOAD_MAX_BYTES as the contract states it) before anything is
 * sent, then uploads the accepted ones one after another, so they land in the order given. Each shows
 * a placeholder until its image is inserted; a failed one leaves nothing behind and says so.
 */
export async function uploadImages(
  editor: Editor,
  files: File[],
  pos: number,
  notices: ImageNotices,
): Promise<void> {
  const accepted = files.filter((file) => {
    const problem = checkImage(file);
    if (problem === 'tooLarge')
      notices.error(
        i18n.t('editor.imagePaste.tooLarge', { name: file.name, size: LIMITS.uploadMaxBytes / MB }),
      );
    else if (problem) notices.error(i18n.t('editor.imagePaste.badType', { name: file.name }));
    return problem === null;
  });
  if (!accepted.length || editor.isDestroyed) return;
  const { view } = editor;
  const ids = accepted.map((file) =>
    addPlaceholder(view, pos, i18n.t('editor.imagePaste.waiting', { name: file.name })),
  );
  for (const [i, file] of accepted.entries()) {
    const id = ids[i] ?? 0;
    labelPlaceholder(view, id, i18n.t('editor.imagePaste.uploading', { name: file.name, percent: 0 }));
    try {
      const { url } = await uploadFile('image', file, (percent) =>
        labelPlaceholder(view, id, i18n.t('editor.imagePaste.uploading', { name: file.name, percent })),
      );
      const at = editor.isDestroyed ? null : placeholderPos(editor.state, id);
      // The page may have turned read-only (a refused connection) while the file was on its way.
      const after =
        at !== null && editor.isEditable ? insertImageAt(editor, at, { src: url, alt: altOf(file) }) : null;
      if (after === null) throw new Error('not inserted');
      removePlaceholder(view, id);
      // The next images follow this one, wherever edits have moved it.
      for (const rest of ids.slice(i + 1)) movePlaceholderTo(view, rest, after);
    } catch {
      removePlaceholder(view, id);
      if (!editor.isDestroyed) notices.error(i18n.t('editor.imagePaste.failed', { name: file.name }));
    }
  }
}

/**
 * The editor's part: files pasted or dropped (Tiptap's FileHandler) and images inside pasted HTML.
 * The HTML plugin comes first: with files on the clipboard as well it leaves the paste to the files.
 */
export const PastedImages = Extension.create<{ notices: ImageNotices }>({
  name: 'pastedImages',
  addOptions: () => ({ notices: quiet }),
  addProseMirrorPlugins() {
    const editor = this.editor;
    const notices = () => this.options.notices;
    let taken: (ClipboardImages & { source: string }) | null = null;
    const html = new Plugin({
      key: new PluginKey('pastedHtmlImages'),
      props: {
        transformPastedHTML(source) {
          taken = { ...clipboardImages(source), source };
          return taken.html;
        },
        handlePaste(view, event, slice) {
          const found = taken;
          taken = null;
          // What was taken belongs to this paste only (a drop also runs transformPastedHTML).
          if (!found || found.source !== event.clipboardData?.getData('text/html')) return false;
          if (event.clipboardData.files.length) return false;
          if (found.local) notices().warning(i18n.t('editor.imagePaste.localFiles', { count: found.local }));
          if (!found.files.length) return false;
          // The rest of the paste goes in as ProseMirror would put it; the pictures follow it.
          readCaretNow(view);
          view.dispatch(view.state.tr.replaceSelection(slice).scrollIntoView().setMeta('paste', true));
          void uploadImages(editor, found.files, view.state.selection.from, notices());
          return true;
        },
      },
    });
    const onFiles = (files: File[], pos: number) => void uploadImages(editor, files, pos, notices());
    return [
      html,
      FileHandlePlugin({
        key: new PluginKey('pastedImageFiles'),
        editor,
        // Every file: a too-large or unsupported one is refused with a message, not dropped silently.
        onPaste: (_editor, files) => {
          // The caret as the page has it: a click or End just before may not have reached the state.
          readCaretNow(editor.view);
          const { state } = editor;
          // A paste replaces the selection, as with text.
          if (!state.selection.empty) editor.view.dispatch(state.tr.deleteSelection());
          onFiles(files, editor.state.selection.from);
        },
        onDrop: (_editor, files, pos) => onFiles(files, pos),
        consumePasteEvent: true,
      }),
      uploadPlaceholderPlugin(),
    ];
  },
});
