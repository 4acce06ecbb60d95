/**
 * The slash menu: `/` at the start of an empty paragraph or after a space opens a list of blocks to
 * insert (slash-items.ts); typing filters it, ↑↓ move, Enter inserts, Esc closes. Tiptap's Suggestion
 * finds the `/…` and places the list; the `/…` typed is removed before the block goes in.
 */
import { Extension, type Editor } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { ReactRenderer } from '@tiptap/react';
import { Suggestion, type SuggestionProps } from '@tiptap/suggestion';
import { i18n } from '../../../../lib/i18n/index.ts';
import { filterSlashItems, type SlashItem } from './slash-items.ts';
import { SlashList, type SlashListProps } from './slash-list.tsx';

export const slashMenuKey = new PluginKey('slashMenu');

type Props = SuggestionProps<SlashItem, SlashItem>;

const labelOf = (item: SlashItem) => item.label(i18n.t);

/** The list's life: drawn at the caret on start, redrawn as the query changes, removed on exit. */
function renderList() {
  let component: ReactRenderer<unknown, SlashListProps> | null = null;
  let unmount: (() => void) | undefined;
  let current: Props | null = null;
  let index = 0;
  const draw = () => {
    if (!current) return;
    const { items, command } = current;
    const props: SlashListProps = { items, index, onPick: (item) => command(item) };
    if (component) component.updateProps(props);
    else {
      component = new ReactRenderer(SlashList, { editor: current.editor, props });
      unmount = current.mount(component.element);
    }
  };
  return {
    onStart: (props: Props) => {
      current = props;
      index = 0;
      draw();
    },
    onUpdate: (props: Props) => {
      current = props;
      index = 0;
      draw();
    },
    onKeyDown: ({ event }: { event: KeyboardEvent }) => {
      const items = current?.items ?? [];
      if (event.key === 'Escape' || !items.length) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        index = (index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
        draw();
        return true;
      }
      if (event.key === 'Enter') {
        const item = items[index];
        if (item) current?.command(item);
        return true;
      }
      return false;
    },
    onExit: () => {
      unmount?.();
      component?.destroy();
      [component, unmount, current] = [null, undefined, null];
    },
  };
}

export const SlashMenu = Extension.create({
  name: 'slashMenu',
  addProseMirrorPlugins() {
    return [
      Suggestion<SlashItem, SlashItem>({
        pluginKey: slashMenuKey,
        editor: this.editor,
        char: '/',
        decorationClass: 'slash-query',
        items: ({ query }) => filterSlashItems(query, labelOf),
        // At the start of a paragraph only when it holds nothing else; never in code.
        allow: ({ state, range }) => {
          const $from = state.doc.resolve(range.from);
          if ($from.parent.type.spec.code || !$from.parent.isTextblock) return false;
          if ($from.parentOffset > 0) return true;
          return $from.parent.content.size === range.to - range.from;
        },
        command: ({
          editor,
          range,
          props: item,
        }: {
          editor: Editor;
          range: { from: number; to: number };
          props: SlashItem;
        }) => {
          editor.chain().focus().deleteRange(range).run();
          item.run(editor);
        },
        render: renderList,
      }),
    ];
  },
});
