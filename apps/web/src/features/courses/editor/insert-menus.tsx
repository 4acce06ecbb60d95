import { DownOutlined, InfoCircleOutlined, TableOutlined } from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { Button, Dropdown, type ButtonProps } from 'antd';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLOUT_TONES, type CalloutTone } from '../../../components/content-view/doc-filter.ts';

/**
 * A dropdown trigger: Dropdown hands its trigger props (click handler, ref) to its direct child, so
 * they are passed on to the button. The name shows as a native tooltip.
 */
const MenuButton = ({
  label,
  icon,
  active,
  ref,
  ...trigger
}: { label: string; icon: ReactNode; active?: boolean; ref?: Ref<HTMLButtonElement> } & Omit<
  ButtonProps,
  'icon' | 'type'
>) => (
  <Button
    {...trigger}
    ref={ref}
    type={active ? 'primary' : 'text'}
    ghost={active}
    size="small"
    title={label}
    aria-label={label}
    aria-haspopup="menu"
    onMouseDown={(e) => e.preventDefault()}
  >
    {icon}
    <DownOutlined style={{ fontSize: 9 }} />
  </Button>
);

/** 表格: insert a 3×3 table with a header row; rows, columns and the table itself once inside one. */
export const TableMenu = ({ editor }: { editor: Editor }) => {
  const { t } = useTranslation();
  const inTable = useEditorState({ editor, selector: ({ editor: e }) => e.isActive('table') });
  const run = () => editor.chain().focus();
  const actions = {
    insertTable: () => run().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    addRowAfter: () => run().addRowAfter().run(),
    addColumnAfter: () => run().addColumnAfter().run(),
    deleteRow: () => run().deleteRow().run(),
    deleteColumn: () => run().deleteColumn().run(),
    deleteTable: () => run().deleteTable().run(),
  };
  const keys = Object.keys(actions) as (keyof typeof actions)[];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: keys.map((key) => ({
          key,
          label: t(`editor.toolbar.${key}`),
          disabled: key === 'insertTable' ? inTable : !inTable,
          danger: key === 'deleteTable',
        })),
        onClick: ({ key }) => actions[key as keyof typeof actions](),
      }}
    >
      <MenuButton label={t('editor.toolbar.table')} icon={<TableOutlined />} active={inTable} />
    </Dropdown>
  );
};

/** 提示框: wrap the selection in a callout of a tone, change the tone, or remove it. */
export const CalloutMenu = ({ editor }: { editor: Editor }) => {
  const { t } = useTranslation();
  const tone = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.isActive('callout') ? ((e.getAttributes('callout').tone as CalloutTone | undefined) ?? 'info') : null,
  });
  const pick = (key: string) => {
    const run = editor.chain().focus();
    if (key === 'remove') run.toggleCallout().run();
    else {
      const next = CALLOUT_TONES.find((c) => c === key) ?? 'info';
      if (tone) run.setCalloutTone(next).run();
      else run.toggleCallout({ tone: next }).run();
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: tone ? [tone] : [],
        items: [
          ...CALLOUT_TONES.map((key) => ({
            key,
            label: (
              <span>
                <span className={`callout-swatch callout-swatch-${key}`} aria-hidden />{' '}
                {t(`editor.toolbar.calloutTone.${key}`)}
              </span>
            ),
          })),
          ...(tone
            ? [{ type: 'divider' as const }, { key: 'remove', label: t('editor.toolbar.calloutRemove') }]
            : []),
        ],
        onClick: ({ key }) => pick(key),
      }}
    >
      <MenuButton label={t('editor.toolbar.callout')} icon={<InfoCircleOutlined />} active={tone !== null} />
    </Dropdown>
  );
};
